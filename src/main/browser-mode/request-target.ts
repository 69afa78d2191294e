/**
 * Reading a request's target safely. `new URL` throws on a target such as `http://[::1`, and
 * a throw inside a request listener would end the whole console; and a redirect built from a
 * parsed path can leave the site: `/.//evil.example/` parses to the path `//evil.example/`,
 * which a browser reads as another host.
 */

/** The request target resolved against our origin, or null when it is not a URL at all. */
export function parseRequestTarget(target: string | undefined, origin: string): URL | null {
  try {
    return new URL(target ?? '/', origin);
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
