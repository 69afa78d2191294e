import { escapeHtml } from '../emulator/escape-html';

/**
 * The shell of the few pages the console's servers render outside the app (the emulator's local
 * merchant page, browser mode's sign-in page): one card on a plain background that follows the
 * system's light or dark scheme, so they look like one product. Each page adds its own rules.
 */
const BASE_STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:32px;color:#1b1f24}
main{max-width:640px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
a{color:#1971c2}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b;box-shadow:none}a{color:#74c0fc}}`;

export interface StandalonePage {
  title: string;
  /** This page's own rules, after the shared ones. */
  style: string;
  /** For a CSP that allows styles by nonce only. */
  styleNonce?: string;
  /** Markup for inside <body>, already escaped. */
  body: string;
}

export function renderStandalonePage(page: StandalonePage): string {
  const nonce = page.styleNonce === undefined ? '' : ` nonce="${escapeHtml(page.styleNonce)}"`;
  return `<!doctype html>
<html lang="en">
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
</body>
</html>`;
}
