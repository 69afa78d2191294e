import { z } from 'zod';
import {
  EMPTY_OPTIONAL_CHOICES,
  findingSchema,
  INSTALMENTS_REQUIRED_CHOICES,
  MISSING_COUNTRY_CODE_CHOICES,
} from '@shared/checkout';
import { countryCurrencyPairSchema } from '@shared/checkout/country-currency-pairs';
import { checkoutFormSchema } from '@shared/drafts';
import { REQUEST_LIMIT_SOURCES } from './request-limit-source';

/**
 * What the builder's analysis worker is asked and answers. Both sides parse what they receive:
 * the worker is our own code, but a message is still a boundary, and a malformed answer must
 * fail loudly rather than show findings that belong to nothing.
 */
export const analysisRequestSchema = z.object({
  /** The store's text version this request belongs to; the answer carries it back. */
  version: z.number().int().nonnegative(),
  text: z.string(),
  form: checkoutFormSchema,
  singleCheckout: z.boolean(),
  notificationField: z.string(),
  emptyOptional: z.enum(EMPTY_OPTIONAL_CHOICES),
  /** Where instalments may be left out (the Local profile's emulator's; else the documented default). */
  instalmentsRequired: z.enum(INSTALMENTS_REQUIRED_CHOICES),
  /** Whether expires_in_minutes is taken (the Local profile's emulator's; else the documented default, off). */
  honourExpiresInMinutes: z.boolean(),
  /** A missing top-level country_code: refused or taken as SA (the Local profile's emulator's; else refuse). */
  missingCountryCode: z.enum(MISSING_COUNTRY_CODE_CHOICES),
  /** The supported pairs to judge by (the Local profile's emulator's); null: the documented default. */
  pairs: z.array(countryCurrencyPairSchema).nullable(),
  /** Whose request limit a body over it meets: the Local profile's emulator's (an error) or another service's (a warning). */
  requestLimitSource: z.enum(REQUEST_LIMIT_SOURCES),
  /** The request limit in bytes (the Local profile's emulator's Largest request body; else its default). */
  requestLimitBytes: z.number().int().positive(),
});
export type AnalysisRequest = z.infer<typeof analysisRequestSchema>;

export const rawDiagnosticSchema = z.object({
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  source: z.string(),
});
export type RawDiagnostic = z.infer<typeof rawDiagnosticSchema>;

export const analysisResultSchema = z.object({
  version: z.number().int().nonnegative(),
  /** False when the text is not JSON: the findings are then empty and the one diagnostic marks the break. */
  parses: z.boolean(),
  findings: z.array(findingSchema),
  /** Where each finding sits in the text (at most MAX_DIAGNOSTICS of them). */
  diagnostics: z.array(rawDiagnosticSchema),
  /** How long the analysis took in the worker, for the benchmark and the status line. */
  elapsedMs: z.number().nonnegative(),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;
