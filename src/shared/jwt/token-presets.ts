import type { TokenVerdict } from '../events';

/** Ready-made tokens for negative tests; each says what the listener will answer. */
export const TOKEN_PRESETS = [
  'valid',
  'expired',
  'not_yet_valid',
  'wrong_key',
  'alg_none',
  'hs512',
  'no_exp',
  'exact',
] as const;
export type TokenPreset = (typeof TOKEN_PRESETS)[number];

/**
 * Each preset's label, what it makes, and the verdict it promises (`verifiesAs`): the signer
 * judges what it signed by the listener's own judge and refuses a token that would verify as
 * another (jwt-toolkit.ts). Null: "Exactly as written" promises nothing.
 */
export const TOKEN_PRESET_INFO: Record<
  TokenPreset,
  { label: string; description: string; verifiesAs: TokenVerdict | null }
> = {
  valid: {
    label: 'Valid',
    description: 'iat now, exp after the lifetime; verifies as valid.',
    verifiesAs: 'valid',
  },
  expired: {
    label: 'Expired',
    description: 'exp 10 minutes ago (past any default tolerance); verifies as expired.',
    verifiesAs: 'expired',
  },
  not_yet_valid: {
    label: 'Not yet valid',
    description: 'nbf in 10 minutes; verifies as not_yet_valid.',
    verifiesAs: 'not_yet_valid',
  },
  wrong_key: {
    label: 'Wrong key',
    description: 'Valid times, signed with a random key; verifies as invalid_signature.',
    verifiesAs: 'invalid_signature',
  },
  alg_none: {
    label: 'alg: none',
    description: 'Unsigned, header alg "none"; verifies as alg_not_allowed.',
    verifiesAs: 'alg_not_allowed',
  },
  hs512: {
    label: 'HS512',
    description: 'Valid times, the right secret, but HS512 instead of HS256; verifies as alg_not_allowed.',
    verifiesAs: 'alg_not_allowed',
  },
  no_exp: {
    label: 'No exp',
    description: 'iat now and no exp; the spec requires no claim, so it verifies as valid.',
    verifiesAs: 'valid',
  },
  exact: {
    label: 'Exactly as written',
    description: 'The claims text as you typed it, byte for byte, signed with HS256.',
    verifiesAs: null,
  },
};

/** Minutes away from now the time presets put their claims; beyond the default 60 s tolerance. */
export const PRESET_OFFSET_MINUTES = 10;

export interface PresetPlan {
  claims: Record<string, unknown>;
  algorithm: 'HS256' | 'HS512' | 'none';
  /** Sign with a throwaway random key instead of the chosen signer's. */
  randomKey: boolean;
}

/**
 * The claims and signing mode of a preset, at `nowSeconds`. The time claims of the preset
 * replace those written in the editor (except for `exact`); every other claim is kept.
 */
export function planPreset(
  preset: TokenPreset,
  claims: Record<string, unknown>,
  nowSeconds: number,
  lifetimeSeconds: number,
): PresetPlan {
  const now = Math.floor(nowSeconds);
  const lifetime = Math.round(lifetimeSeconds);
  const offset = PRESET_OFFSET_MINUTES * 60;
  const rest = Object.fromEntries(
    Object.entries(claims).filter(([name]) => name !== 'iat' && name !== 'exp' && name !== 'nbf'),
  );
  const hs256 = (timed: Record<string, unknown>, randomKey = false): PresetPlan => ({
    claims: { ...rest, ...timed },
    algorithm: 'HS256',
    randomKey,
  });
  switch (preset) {
    case 'valid':
      return hs256({ iat: now, exp: now + lifetime });
    case 'expired':
      return hs256({ iat: now - offset - lifetime, exp: now - offset });
    case 'not_yet_valid':
      return hs256({ iat: now, nbf: now + offset, exp: now + offset + lifetime });
    case 'wrong_key':
      return hs256({ iat: now, exp: now + lifetime }, true);
    case 'alg_none':
      return { claims: { ...rest, iat: now, exp: now + lifetime }, algorithm: 'none', randomKey: false };
    case 'hs512':
      return { claims: { ...rest, iat: now, exp: now + lifetime }, algorithm: 'HS512', randomKey: false };
    case 'no_exp':
      return hs256({ iat: now });
    case 'exact':
      return { claims: { ...claims }, algorithm: 'HS256', randomKey: false };
  }
}

/**
 * Whether `preset` signs with the chosen secret: `alg: none` signs nothing and Wrong key a random
 * key, so a profile without a notification token can still make those (the Craft panel lets it).
 */
export function signsWithTheSecret(preset: TokenPreset): boolean {
  const plan = planPreset(preset, {}, 0, 0);
  return plan.algorithm !== 'none' && !plan.randomKey;
}
