import type { ServiceError } from '../../shared/merchant-api';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Reads the spec's error body (`message`, `errors[].error_code`, `data`, `title`,
 * `screen_type`) leniently: a service that drifts from the shape still shows what it sent.
 * Returns null when the body does not look like an error body at all.
 */
export function parseServiceError(json: unknown): ServiceError | null {
  if (!isObject(json)) return null;
  const errors = Array.isArray(json['errors']) ? json['errors'].filter(isObject) : [];
  const message = stringOrNull(json['message']);
  if (message === null && errors.length === 0) return null;
  return {
    message,
    errorCodes: errors
      .map((entry) => stringOrNull(entry['error_code']))
      .filter((code): code is string => code !== null),
    errors,
    title: stringOrNull(json['title']),
    screenType: stringOrNull(json['screen_type']),
    data: json['data'] ?? null,
  };
}
