import { z } from 'zod';
import { eventKindSchema, timelineSummarySchema, tokenVerdictSchema } from '../events';
import { decodedJwtSchema } from '../jwt/decode-jwt';
import { recordJudgementSchema } from '../jwt/record-judgement';
import { TOKEN_PRESETS } from '../jwt/token-presets';
import { provenanceSchema } from '../provenance';
import { provenanceMarkSchema } from '../provenance-note';
import { tokenCheckSchema } from '../webhook-details';
import { defineCommand } from './define';

/**
 * Which secret a check or a signature uses. A pasted secret travels renderer → main for this
 * one call and is never stored, logged or sent back; profile secrets never leave main.
 */
export const secretSourceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('active') }),
  z.object({ source: z.literal('profile'), profileId: z.number().int().positive() }),
  z.object({ source: z.literal('secret'), secret: z.string().min(1, 'Paste the secret to use') }),
]);
export type SecretSource = z.infer<typeof secretSourceSchema>;

/** The longest token the inspector and `jwt` take (a listener's headers are far shorter). */
export const TOKEN_MAX_CHARS = 64 * 1024;
/** Main's refusal of a longer one; the window says the same without sending it. */
export const TOKEN_TOO_LONG = `A token is at most ${TOKEN_MAX_CHARS} characters`;
const tokenInput = z.string().max(TOKEN_MAX_CHARS, TOKEN_TOO_LONG);

/** A notification token as a stored record carried it: the record and where in the request. */
export const storedTokenSchema = z.object({
  eventId: z.number().int().positive(),
  source: z.enum(['query', 'header']),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

/**
 * Set when this console signed the token (it remembers each one it signs): it verifies like
 * the service's, so this says it is not, as the listener's crafted mark does.
 */
export const craftedMarkSchema = z
  .object({ signedAt: z.string(), signedWith: z.string(), reason: z.string() })
  .nullable()
  .default(null);
export type CraftedMark = z.infer<typeof craftedMarkSchema>;

/** A pasted token taken apart (`jwt decode`), with the mark of one this console signed. */
export const decodedPastedJwtSchema = decodedJwtSchema.extend({ crafted: craftedMarkSchema });
export type DecodedPastedJwt = z.infer<typeof decodedPastedJwtSchema>;

export const jwtVerificationSchema = z.object({
  verdict: tokenVerdictSchema,
  reason: z.string(),
  decoded: decodedJwtSchema,
  /** What it was checked against, in words: `the notification token of profile "Local"`. */
  against: z.string(),
  checkedAt: z.string(),
  clockToleranceSeconds: z.number().int(),
  /**
   * Where the official client judges the token otherwise than the verdict (an expiry inside the
   * clock tolerance, a token php-jwt reads that the console calls malformed): the listener's
   * warnings for the same token, in the same words (official-client-words.ts).
   */
  warnings: z.array(z.string()).default([]),
  crafted: craftedMarkSchema,
});
export type JwtVerification = z.infer<typeof jwtVerificationSchema>;

export const signedJwtSchema = z.object({
  token: z.string(),
  decoded: decodedJwtSchema,
  signedWith: z.string(),
  preset: z.enum(TOKEN_PRESETS),
});
export type SignedJwt = z.infer<typeof signedJwtSchema>;

export const eventTokensSchema = z.object({
  id: z.number().int(),
  /** What the record is: only a webhook's holds the listener's verdicts (token-record-words.ts). */
  kind: eventKindSchema,
  /** A delivery the emulator never sent (dropped, or nowhere to go). */
  notSent: timelineSummarySchema.shape.notSent,
  /** For a delivery, the listener's record of it, which holds the verdicts; for a webhook, the replay it is the arrival of. */
  relatedId: z.number().int().nullable(),
  /**
   * Whose doing the record is, and the mark main wrote when it found it the console's (its
   * reason): the listener's record of a replay or a forwarded copy read as the service's own.
   */
  provenance: provenanceSchema,
  marked: provenanceMarkSchema.nullable(),
  /** The stored columns that could not be read: a damaged place's token is not known, not absent. */
  damaged: timelineSummarySchema.shape.damaged,
  tokens: z.array(
    z.object({
      source: z.enum(['query', 'header']),
      /** The token masked (`••••abcd`); the token itself only through revealEventToken. */
      masked: z.string().nullable(),
      /** Header and claims, decoded by main (no secret: the signature is what makes it usable). */
      decoded: decodedJwtSchema.nullable(),
      problem: z.string().nullable(),
    }),
  ),
  /**
   * True when the query and the header carried the very same token, compared as text in main:
   * the window sees masks (the last four characters) and decoded parts, and neither tells two
   * signatures over the same header and claims apart.
   */
  sameInBoth: z.boolean(),
  /** The listener's checks as stored when the webhook arrived. */
  checks: z.array(tokenCheckSchema),
  /**
   * The record's own verdict, as the listener stored it: judged here so that the inspector never
   * fetches the whole record (a 5 MB body, masked) for one word.
   */
  judgement: recordJudgementSchema,
  /**
   * The profile whose notification token the listener judged the record with on arrival (the
   * one it was listening under), for the inspector to verify against by default; null where
   * nothing was judged or no profile is recorded (an imported record of another console).
   */
  judgedAgainst: z.object({ profileId: z.number().int().positive(), profileName: z.string() }).nullable(),
});
export type EventTokens = z.infer<typeof eventTokensSchema>;

/**
 * The longest lifetime a signed token may be given: a week, however it is given (`jwt sign
 * --ttl 168h`, the inspector's Lifetime of 10,080 minutes).
 */
export const SIGNED_LIFETIME_MAX_SECONDS = 7 * 24 * 3600;
const SIGNED_LIFETIME_RANGE = 'must be between 1s and 168h';
/** The lifetime in whole minutes, as the inspector's Lifetime box takes it: the same week. */
export const signedLifetimeMinutesSchema = z
  .number()
  .int()
  .min(1)
  .max(SIGNED_LIFETIME_MAX_SECONDS / 60);

export const jwtCommands = {
  /** A pasted token, read as pasted (pasted-token.ts); stored records' tokens come decoded with them. */
  decodeJwt: defineCommand(z.object({ token: tokenInput }), decodedPastedJwtSchema),
  verifyJwt: defineCommand(
    z
      .object({
        /** The token to check: typed or pasted, or one a stored record carried (`stored`). */
        token: tokenInput.optional(),
        /** A token a stored record carried, checked in main without sending it to the window. */
        stored: storedTokenSchema.optional(),
        against: secretSourceSchema,
        /** Defaults to the listener's clock tolerance. */
        clockToleranceSeconds: z.number().int().min(0).max(86_400).optional(),
        /**
         * The moment to judge the token at (ms since 1970); defaults to now. The inspector gives
         * its own clock, the one its time claims are described at, so the two never disagree.
         */
        atMs: z.number().int().min(0).max(8.64e15).optional(),
      })
      .refine((input) => (input.token === undefined) !== (input.stored === undefined), {
        message: 'Give the token to check, or the stored record it came with (one of the two)',
        path: ['token'],
      }),
    jwtVerificationSchema,
  ),
  signJwt: defineCommand(
    z
      .object({
        signer: secretSourceSchema,
        preset: z.enum(TOKEN_PRESETS).default('valid'),
        claims: z.record(z.string(), z.unknown()).default({}),
        /**
         * The claims as typed (the inspector's editor, `jwt sign --claims`), instead of
         * `claims`: "exact" signs this text itself; the other presets read it (claims-text.ts).
         */
        claimsText: z
          .string()
          .max(TOKEN_MAX_CHARS, `must be at most ${TOKEN_MAX_CHARS} characters`)
          .optional(),
        /** Defaults to the signing profile's token lifetime (15 minutes for a pasted secret). */
        lifetimeMinutes: signedLifetimeMinutesSchema.optional(),
        /** The same, to the second (the CLI's `--ttl 90s`); up to a week. */
        lifetimeSeconds: z
          .number()
          .int()
          .min(1, SIGNED_LIFETIME_RANGE)
          .max(SIGNED_LIFETIME_MAX_SECONDS, SIGNED_LIFETIME_RANGE)
          .optional(),
      })
      .refine((input) => input.lifetimeMinutes === undefined || input.lifetimeSeconds === undefined, {
        message: 'Give the lifetime in minutes or in seconds, not both',
        path: ['lifetimeSeconds'],
      })
      .refine((input) => input.claimsText === undefined || Object.keys(input.claims).length === 0, {
        message: 'Give the claims as values or as text, not both',
        path: ['claimsText'],
      }),
    signedJwtSchema,
  ),
  /** The tokens a stored webhook carried, masked and decoded, to open them in the inspector. */
  getEventTokens: defineCommand(z.object({ id: z.number().int().positive() }), eventTokensSchema),
  /** One token a stored webhook carried, on an explicit "Edit a copy" in the inspector. */
  revealEventToken: defineCommand(storedTokenSchema, z.object({ token: z.string().nullable() })),
};
