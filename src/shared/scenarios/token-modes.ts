import type { TokenPreset } from '../jwt/token-presets';

/**
 * How a notification the console sends carries its token. The spec sends one HS256 JWT twice,
 * as `?serviceToken=` and as `Authorization: Bearer`; each mode breaks that in one known way.
 */
export const TOKEN_MODES = [
  'valid',
  'resigned',
  'expired',
  'not_yet_valid',
  'wrong_key',
  'alg_none',
  'hs512',
  'none',
  'query_only',
  'header_only',
  'two_different',
  'bearer_lowercase',
  'bearer_two_spaces',
  'query_trailing_space',
] as const;
export type TokenMode = (typeof TOKEN_MODES)[number];

export interface TokenModePlan {
  /** The preset that signs (null: no token at all). */
  preset: TokenPreset | null;
  /** Where the token goes. `two_different` signs a second valid token for the header. */
  placement: 'both' | 'query' | 'header' | 'two_different' | 'none';
  /** Re-sign the claims of the notification it copies (fresh times). */
  resign: boolean;
  /**
   * The Authorization header's value before the token: the service's `Bearer `, or a form it
   * never sends that a receiver may still meet (another client, a proxy): `bearer `, `Bearer  `.
   */
  authorizationPrefix: string;
  /** Written after the token in ?serviceToken= (percent-encoded there): the service writes nothing. */
  queryPadding: string;
}

/** How the service writes both places. */
const AS_THE_SERVICE = { authorizationPrefix: 'Bearer ', queryPadding: '' } as const;

export const TOKEN_MODE_PLANS: Record<TokenMode, TokenModePlan> = {
  valid: { preset: 'valid', placement: 'both', resign: false, ...AS_THE_SERVICE },
  resigned: { preset: 'valid', placement: 'both', resign: true, ...AS_THE_SERVICE },
  expired: { preset: 'expired', placement: 'both', resign: false, ...AS_THE_SERVICE },
  not_yet_valid: { preset: 'not_yet_valid', placement: 'both', resign: false, ...AS_THE_SERVICE },
  wrong_key: { preset: 'wrong_key', placement: 'both', resign: false, ...AS_THE_SERVICE },
  alg_none: { preset: 'alg_none', placement: 'both', resign: false, ...AS_THE_SERVICE },
  hs512: { preset: 'hs512', placement: 'both', resign: false, ...AS_THE_SERVICE },
  none: { preset: null, placement: 'none', resign: false, ...AS_THE_SERVICE },
  query_only: { preset: 'valid', placement: 'query', resign: false, ...AS_THE_SERVICE },
  header_only: { preset: 'valid', placement: 'header', resign: false, ...AS_THE_SERVICE },
  two_different: { preset: 'valid', placement: 'two_different', resign: false, ...AS_THE_SERVICE },
  // Each alone in its one place, so the answer says how the endpoint reads that place: with the
  // canonical form beside it, an endpoint reading the other place would answer for that one.
  bearer_lowercase: {
    preset: 'valid',
    placement: 'header',
    resign: false,
    ...AS_THE_SERVICE,
    authorizationPrefix: 'bearer ',
  },
  bearer_two_spaces: {
    preset: 'valid',
    placement: 'header',
    resign: false,
    ...AS_THE_SERVICE,
    authorizationPrefix: 'Bearer  ',
  },
  query_trailing_space: {
    preset: 'valid',
    placement: 'query',
    resign: false,
    ...AS_THE_SERVICE,
    queryPadding: ' ',
  },
};

export const TOKEN_MODE_MEANING: Record<TokenMode, string> = {
  valid: 'HS256 with the notification token, in the query and the header',
  resigned: "the copied notification's claims signed again with fresh times",
  expired: 'exp 10 minutes ago',
  not_yet_valid: 'nbf in 10 minutes',
  wrong_key: 'signed with a random key (a forged signature)',
  alg_none: 'unsigned, header alg "none"',
  hs512: 'signed with the right secret but HS512, not HS256',
  none: 'no token at all',
  query_only: 'a valid token in ?serviceToken= only',
  header_only: 'a valid token in Authorization: Bearer only',
  two_different: 'two different valid tokens in the query and the header',
  bearer_lowercase: 'a valid token in Authorization only, written "bearer <token>" (lowercase scheme)',
  bearer_two_spaces: 'a valid token in Authorization only, written "Bearer  <token>" (two spaces)',
  query_trailing_space: 'a valid token in ?serviceToken= only, with a space after it (%20)',
};
