import type { RequestLimit } from '@shared/checkout/request-size';

/** Whose request limit the builder judges a body by: the Local emulator's, or another service's (request-size.ts). */
export const REQUEST_LIMIT_SOURCES = [
  'emulator',
  'elsewhere',
] as const satisfies readonly RequestLimit['source'][];
export type RequestLimitSource = (typeof REQUEST_LIMIT_SOURCES)[number];
