/** What a record keeps of a URL: the whole, its path, and its query without the `?` (null when none). */
export interface UrlParts {
  url: string;
  path: string;
  query: string | null;
}

/** The one place a URL is split into the record's url, path and query. */
export function urlParts(url: string | URL): UrlParts {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  return {
    url: parsed.toString(),
    path: parsed.pathname,
    query: parsed.search === '' ? null : parsed.search.slice(1),
  };
}
