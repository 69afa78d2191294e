/** What a record keeps of a URL: the whole, its path, and its query without the `?` (null when none). */
export interface UrlParts {
  url: string;
  path: string;
  query: string | null;
}

/**
 * The one place a URL is split into the record's url, path and query. With the request-target
 * written as given (http-exchange.ts `target`), that target is what the record keeps.
 */
export function urlParts(url: string | URL, target?: string): UrlParts {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  if (target !== undefined) {
    const question = target.indexOf('?');
    return {
      url: `${parsed.origin}${target}`,
      path: question === -1 ? target : target.slice(0, question),
      query: question === -1 ? null : target.slice(question + 1),
    };
  }
  return {
    url: parsed.toString(),
    path: parsed.pathname,
    query: parsed.search === '' ? null : parsed.search.slice(1),
  };
}
