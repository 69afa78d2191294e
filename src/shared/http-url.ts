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
