import { escapeHtml } from '../emulator/escape-html';

/**
 * The shell of the few pages the console's servers render outside the app (the emulator's hosted
 * checkout page and local merchant page, browser mode's sign-in page): one card on a plain
 * background that follows the system's light or dark scheme, so they look like one product.
 * Each page adds its own rules.
 */
const BASE_STYLE = `body{font-family:system-ui,"Noto Sans Arabic",sans-serif;background:#f4f6f8;margin:0;padding:32px;color:#1b1f24}
main{max-width:640px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
a{color:#1971c2}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b;box-shadow:none}a{color:#74c0fc}}`;

export interface StandalonePage {
  title: string;
  /** The page's language (default English) and, for Arabic, its direction. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** This page's own rules, after the shared ones. */
  style: string;
  /** For a CSP that allows styles and scripts by nonce only. */
  nonce?: string;
  /** Markup for inside <body>, already escaped. */
  body: string;
  /** A script at the end of the body, allowed by the same nonce. */
  script?: string;
}

export function renderStandalonePage(page: StandalonePage): string {
  const nonce = page.nonce === undefined ? '' : ` nonce="${escapeHtml(page.nonce)}"`;
  const dir = page.dir === undefined ? '' : ` dir="${page.dir}"`;
  const script = page.script === undefined ? '' : `<script${nonce}>\n${page.script}\n</script>\n`;
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'en')}"${dir}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(page.title)}</title>
<style${nonce}>
${BASE_STYLE}
${page.style}
</style>
</head>
<body>
${page.body}
${script}</body>
</html>`;
}
