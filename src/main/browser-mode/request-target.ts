/**
 * Reading a request's target safely. `new URL` throws on a target such as `http://[::1`, and
 * a throw inside a request listener would end the whole console; and a redirect built from a
 * parsed path can leave the site: `/.//evil.example/` parses to the path `//evil.example/`,
 * which a browser reads as another host.
 */

/**
 * The request target as a URL on our origin, or null when it is not a URL at all. A target
 * never names the host: the Host header does, and is checked on its own. An origin-form target
 * (`/a?b`) is the path as written: resolved as a reference, `//evil.example/session` (and
 * `/\evil.example/session`, a backslash read as a slash) took evil.example for a host and
 * answered as `/session`, as the emulator reads it (emulator-request-entry.ts). An absolute-form
 * one (`http://host/a?b`) gives its path and query only.
 */
export function parseRequestTarget(target: string | undefined, origin: string): URL | null {
  try {
    if (target === undefined || target.startsWith('/')) return new URL(`${origin}${target ?? '/'}`);
    const absolute = new URL(target, origin);
    return new URL(`${origin}${absolute.pathname}${absolute.search}`);
  } catch {
    return null;
  }
}

/**
 * A Location on this console for the given URL's path, query and fragment: leading slashes
 * (and backslashes, which browsers read as slashes) collapse to one, so the browser can only
 * read it as a path on this origin.
 */
export function sameOriginLocation(url: URL): string {
  const path = url.pathname.replace(/^[/\\]+/, '/');
  return `${path}${url.search}${url.hash}`;
}
