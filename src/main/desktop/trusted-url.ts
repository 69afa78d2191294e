/** The renderer is served from this origin by our own protocol handler (app-protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True only for pages of the app itself. Parsed with URL, never substring-matched. */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/** Links that may be handed to the system browser: web pages and mail, nothing executable. */
export function isExternalLink(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && ['http:', 'https:', 'mailto:'].includes(parsed.protocol);
}

export type NavigationDecision = { allow: true } | { allow: false; openExternally: boolean };

/** `will-navigate`: stay inside the app; a web link goes to the system browser instead. */
export function decideNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return { allow: true };
  return { allow: false, openExternally: isExternalLink(url) };
}

/** `window.open` and target=_blank: never a new Electron window; web links open externally. */
export function decideWindowOpen(url: string): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: isExternalLink(url) };
}
