import { z } from 'zod';

/** True for an absolute http:// or https:// URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A trimmed http(s) URL field, its errors naming the field (`what`); when `required`, an empty
 * value is asked for ("Enter the …") before the URL error.
 */
export function httpUrlSchema(what: string, options: { required?: boolean } = {}) {
  const text = z.string().trim();
  return (options.required === true ? text.min(1, `Enter the ${what}`) : text).refine(
    isHttpUrl,
    `The ${what} must be an http:// or https:// URL`,
  );
}

/** True when the URL carries a user name or a password (`http://user:pass@host/`). */
export function carriesCredentials(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.username !== '' || url.password !== '');
}

/** The URL without its user name and password; any other text as given. */
export function withoutCredentials(value: string): string {
  const url = URL.parse(value);
  if (url === null || !carriesCredentials(value)) return value;
  url.username = '';
  url.password = '';
  return url.href;
}
