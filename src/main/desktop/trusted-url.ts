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

/**
 * `askToOpen`: a web or mail link that may go to the system browser, but only once the person
 * has confirmed where it goes (the renderer's dialog shows its host): a link in the window can
 * carry an address the service provided (`checkout_url`), never opened unasked.
 */
export type NavigationDecision = { allow: true } | { allow: false; askToOpen: boolean };

/** `will-navigate`: stay inside the app; a web link is offered to the system browser instead. */
export function decideNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return { allow: true };
  return { allow: false, askToOpen: isExternalLink(url) };
}

/** `window.open` and target=_blank: never a new Electron window; web links are offered outside. */
export function decideWindowOpen(url: string): { action: 'deny'; askToOpen: boolean } {
  return { action: 'deny', askToOpen: isExternalLink(url) };
}
