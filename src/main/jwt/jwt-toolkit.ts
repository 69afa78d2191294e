import type {
  CraftedMark,
  DecodedPastedJwt,
  JwtVerification,
  SecretSource,
  SignedJwt,
} from '../../shared/contract/jwt';
import { decodeJwt } from '../../shared/jwt/decode-jwt';
import { readPastedToken } from '../../shared/jwt/pasted-token';
import { AS_TYPED, readClaimsText } from '../../shared/jwt/claims-text';
import { tokenNotSetInWindow } from '../../shared/jwt/token-not-set-words';
import { planPreset, TOKEN_PRESET_INFO, type TokenPreset } from '../../shared/jwt/token-presets';
import { DEFAULT_SIGNED_TOKEN_MINUTES } from '../../shared/profile';
import { consoleCommandNaming, type ConsoleCommand } from '../../shared/console-command';
import { shellQuote } from '../../shared/shell-quote';
import { ConsoleError } from '../console-error';
import type { ProfileService } from '../profiles/profile-service';
import { judgeToken } from './check-token';
import type { HmacKeyCache } from './hmac-key-cache';
import { randomSecret, signHs256, signHs256Text, signHs512, unsecuredToken } from './sign-token';

interface ResolvedSecret {
  secret: string | null;
  label: string;
  lifetimeMinutes: number;
  /** The profile whose notification token it is; null for a pasted secret. */
  profileName: string | null;
}

/**
 * A profile's notification token, refused when the profile has none: named at the field that
 * chose the profile (the CLI's --profile, which the active profile stands for when it is left
 * out; it said --secret, which was not given), with how to set it and what to sign with instead.
 * Two front doors, two ways out: the message is the window's (its Profiles view, its pasted
 * secret choice) and the field's issue the terminal's (the command, --secret), which the CLI
 * says in place of the message as it names the flag (command-caller.ts), as live-guard.ts does.
 */
function requireSecret(
  resolved: ResolvedSecret,
  source: SecretSource,
  consoleCommand: ConsoleCommand,
): string {
  if (resolved.secret !== null) return resolved.secret;
  const path = source.source === 'profile' ? 'signer.profileId' : 'signer.source';
  if (resolved.profileName === null) {
    const problem = `${resolved.label} is not set: paste one.`;
    throw new ConsoleError('invalid_input', `signer: ${problem}`, [{ path, message: problem }]);
  }
  const inTerminal = `${resolved.label} is not set: set it (Profiles, or ${consoleCommand(`profiles set ${shellQuote(resolved.profileName)} --notification-token -`)}), or sign with a pasted secret (--secret on the command line).`;
  throw new ConsoleError('invalid_input', tokenNotSetInWindow(resolved.profileName), [
    { path, message: inTerminal },
  ]);
}

export interface JwtToolkit {
  /** A token a stored record carried, taken apart as the listener read it. */
  decode: typeof decodeJwt;
  /** A pasted token (the inspector, `jwt decode`): read as pasted, and marked when signed here. */
  decodePasted(token: string): DecodedPastedJwt;
  verify(input: {
    token: string;
    /** A token a person pasted, not a stored record's: read as decodePasted reads it. */
    pasted?: boolean;
    against: SecretSource;
    clockToleranceSeconds?: number;
    /** When to judge it at; defaults to now. */
    atMs?: number;
  }): Promise<JwtVerification>;
  sign(input: {
    signer: SecretSource;
    preset: TokenPreset;
    claims: Record<string, unknown>;
    /** The claims as typed, in place of `claims`: "exact" signs this text itself. */
    claimsText?: string;
    /** Defaults to the signing profile's token lifetime (15 minutes for a pasted secret). */
    lifetimeSeconds?: number;
  }): Promise<SignedJwt>;
}

export interface JwtToolkitDependencies {
  /** Null when only pasted secrets are used (the CLI with --secret opens no data directory). */
  profiles: ProfileService | null;
  /** Writes the command that sets a profile's token, naming this data directory (default: none named). */
  consoleCommand?: ConsoleCommand;
  keys: HmacKeyCache;
  /** The listener's clock tolerance, so the inspector judges as the listener does. */
  clockToleranceSeconds: () => number;
  now?: () => number;
  /**
   * Keeps each token signed here (by fingerprint) before it is handed out, so a listener knows
   * it for the console's own when it comes back; absent where no data directory is open.
   */
  remember?: (token: string, signedWith: string, atMs: number) => void;
  /** Finds a token signed here again (the listener's lookup), so a verification can say so. */
  craftedToken?: (token: string) => { signedAtMs: number; signedWith: string } | undefined;
}

/**
 * The one mark of a token this console signed, and its words: `jwt verify` and `jwt decode` print
 * it on their `crafted:` line, the inspector under its verdict.
 */
function craftedOf(token: string, dependencies: JwtToolkitDependencies): CraftedMark {
  const found = dependencies.craftedToken?.(token.trim());
  if (found === undefined) return null;
  const signedAt = new Date(found.signedAtMs).toISOString();
  return {
    signedAt,
    signedWith: found.signedWith,
    reason: `Signed by this console at ${signedAt} (${found.signedWith}), not by the service: a webhook carrying it is stored as crafted and never moves an order.`,
  };
}

/**
 * Decode, verify and sign, in main: profile secrets are read here and never leave. The
 * verification is the listener's own (`judgeToken`), so verdict words and reasons match.
 */
export function createJwtToolkit(dependencies: JwtToolkitDependencies): JwtToolkit {
  const { profiles, keys } = dependencies;
  const now = dependencies.now ?? Date.now;
  const consoleCommand = dependencies.consoleCommand ?? consoleCommandNaming(null);
  const secretOf = (resolved: ResolvedSecret, source: SecretSource) =>
    requireSecret(resolved, source, consoleCommand);

  const resolve = (source: SecretSource): ResolvedSecret => {
    if (source.source === 'secret') {
      return {
        secret: source.secret,
        label: 'the secret pasted for this check',
        lifetimeMinutes: DEFAULT_SIGNED_TOKEN_MINUTES,
        profileName: null,
      };
    }
    if (profiles === null)
      throw new ConsoleError('invalid_input', 'signer: give a secret; no profiles are open here.', [
        { path: 'signer', message: 'no profiles are open here' },
      ]);
    const profile = source.source === 'active' ? profiles.active() : profiles.get(source.profileId);
    return {
      secret: profiles.secretsOf(profile.id).notificationToken,
      label: `the notification token of profile "${profile.fields.name}"`,
      lifetimeMinutes: profile.fields.signedTokenMinutes,
      profileName: profile.fields.name,
    };
  };

  return {
    decode: decodeJwt,
    decodePasted(token) {
      return {
        ...decodeJwt(token, { pasted: true }),
        crafted: craftedOf(readPastedToken(token).token, dependencies),
      };
    },
    async verify({ token, pasted = false, against, clockToleranceSeconds, atMs = now() }) {
      const resolved = resolve(against);
      const tolerance = clockToleranceSeconds ?? dependencies.clockToleranceSeconds();
      const judgement = await judgeToken(token, {
        key: resolved.secret === null ? null : await keys.get(resolved.secret),
        keyLabel: resolved.label,
        clockToleranceSeconds: tolerance,
        atMs,
        moment: 'now',
        pasted,
      });
      return {
        verdict: judgement.verdict,
        reason: judgement.reason,
        decoded: judgement.decoded ?? decodeJwt(token, { pasted }),
        against: resolved.label,
        checkedAt: new Date(atMs).toISOString(),
        clockToleranceSeconds: tolerance,
        warnings: judgement.clientWarnings,
        crafted: craftedOf(pasted ? readPastedToken(token).token : token, dependencies),
      };
    },
    async sign({ signer, preset, claims, claimsText, lifetimeSeconds }) {
      const resolved = resolve(signer);
      const read =
        claimsText === undefined ? { ok: true as const, claims } : readClaimsText(claimsText, preset);
      if (!read.ok) throw ConsoleError.invalid('claimsText', read.problem);
      const plan = planPreset(
        preset,
        read.claims,
        now() / 1000,
        lifetimeSeconds ?? resolved.lifetimeMinutes * 60,
      );
      let token: string;
      let signedWith = resolved.label;
      if (preset === 'exact' && claimsText !== undefined) {
        token = await signHs256Text(claimsText, await keys.get(secretOf(resolved, signer)));
      } else if (plan.algorithm === 'none') {
        token = unsecuredToken(plan.claims);
        signedWith = 'nothing (alg "none", unsigned)';
      } else if (plan.algorithm === 'HS512') {
        token = await signHs512(plan.claims, secretOf(resolved, signer));
        signedWith = `${resolved.label}, with HS512`;
      } else if (plan.randomKey) {
        token = await signHs256(plan.claims, await keys.get(randomSecret()));
        signedWith = 'a random throwaway key';
      } else {
        token = await signHs256(plan.claims, await keys.get(secretOf(resolved, signer)));
      }
      // Claims typed into the crafter can make a token the listener judges otherwise than the
      // preset says ({"iss":5}: malformed, labelled "Valid"); judged as the listener judges, it
      // is refused, naming why, before it is handed out. No key to judge by is no reason.
      const promised = TOKEN_PRESET_INFO[preset].verifiesAs;
      if (claimsText !== undefined && promised !== null) {
        const judged = await judgeToken(token, {
          key: resolved.secret === null ? null : await keys.get(resolved.secret),
          keyLabel: resolved.label,
          clockToleranceSeconds: dependencies.clockToleranceSeconds(),
          atMs: now(),
          moment: 'now',
        });
        if (judged.verdict !== promised && judged.verdict !== 'no_secret')
          throw ConsoleError.invalid(
            'claimsText',
            `signed by this preset, the token would verify as ${judged.verdict}, not ${promised}: ${judged.reason} ${AS_TYPED.charAt(0).toUpperCase()}${AS_TYPED.slice(1)}.`,
          );
      }
      dependencies.remember?.(token, signedWith, now());
      return { token, decoded: decodeJwt(token), signedWith, preset };
    },
  };
}
