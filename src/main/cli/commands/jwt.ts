import type { Command } from 'commander';
import { z } from 'zod';
import type { SecretSource } from '../../../shared/contract/jwt';
import type { DecodedJwt, TimeClaim } from '../../../shared/jwt/decode-jwt';
import { TOKEN_PRESETS } from '../../../shared/jwt/token-presets';
import { describeRelative } from '../../../shared/relative-time';
import { decodeJwt } from '../../../shared/jwt/decode-jwt';
import type { ConsoleCore } from '../../app';
import { DEFAULT_CLOCK_TOLERANCE_SECONDS } from '../../jwt/check-token';
import { createHmacKeyCache } from '../../jwt/hmac-key-cache';
import { createJwtToolkit, type JwtToolkit } from '../../jwt/jwt-toolkit';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { CommandExit, EXIT_FAILED, UsageError } from '../cli-errors';
import { stdinValues, type StdinValue } from '../stdin-value';
import { terminalSafe, terminalSafeJson } from '../terminal-text';
import { requireProfile } from './profiles';
import { commandCaller, flagsOf, parseCommandInput } from '../command-caller';

const signerFlags = z.object({
  secret: z.string().min(1, 'must not be empty').optional(),
  profile: z.string().min(1, 'must name a profile').optional(),
});

/** `90s`, `15m`, `2h` → seconds. */
export function parseTtl(value: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(value.trim());
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new UsageError(
      `--ttl: "${value}" is not a duration; use a whole number with s, m or h (e.g. 90s, 15m, 2h).`,
    );
  }
  const seconds = Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
  if (seconds < 1 || seconds > 7 * 24 * 3600) throw new UsageError('--ttl: must be between 1s and 168h.');
  return seconds;
}

export function parseClaims(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new UsageError(
      `--claims: not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError('--claims: must be a JSON object, such as {"iss":"checkout"}.');
  }
  return { ...parsed };
}

/** The secret to check or sign with: a pasted one (read from standard input for "-"), a profile's, or the active one's. */
async function signerOf(
  core: ConsoleCore | null,
  flags: z.infer<typeof signerFlags>,
  read: StdinValue,
): Promise<SecretSource> {
  if (flags.secret !== undefined && flags.profile !== undefined) {
    throw new UsageError('--secret and --profile: give one or the other, not both.');
  }
  const secret = await read(flags.secret, '--secret');
  if (secret !== undefined) return { source: 'secret', secret };
  if (core === null) throw new UsageError('--secret: give a secret, or run with a data directory.');
  if (flags.profile !== undefined)
    return { source: 'profile', profileId: requireProfile(core.profiles, flags.profile).id };
  return { source: 'active' };
}

/**
 * Signing with a given secret only computes: no data directory is opened, so none is created
 * (the JWT toolkit without profiles, and its own key cache).
 */
function computeOnlyToolkit() {
  return createJwtToolkit({
    profiles: null,
    keys: createHmacKeyCache(),
    clockToleranceSeconds: () => DEFAULT_CLOCK_TOLERANCE_SECONDS,
  });
}

function timeLine(name: string, time: TimeClaim | null, nowMs: number): string[] {
  return time === null
    ? []
    : [`${name.padEnd(7)} ${time.iso} (${describeRelative(time.seconds * 1000, nowMs)})`];
}

/** A decoded token for a terminal; its header and claims are whatever the sender wrote, so escaped. */
export function formatDecoded(decoded: DecodedJwt, nowMs: number): string {
  if (!decoded.ok) return `malformed: ${terminalSafe(decoded.problem ?? 'cannot be decoded')}\n`;
  return [
    `header  ${terminalSafeJson(JSON.stringify(decoded.header))}`,
    `claims  ${terminalSafeJson(JSON.stringify(decoded.claims, null, 2)).replace(/\n/g, '\n        ')}`,
    ...timeLine('iat', decoded.times.iat, nowMs),
    ...timeLine('nbf', decoded.times.nbf, nowMs),
    ...timeLine('exp', decoded.times.exp, nowMs),
    ...decoded.claimProblems.map((problem) => `problem ${terminalSafe(problem)}`),
    '',
  ].join('\n');
}

export function registerJwt(program: Command, context: CliContext): void {
  const jwt = program.command('jwt').description('Decode, verify and sign notification tokens (JWT, HS256)');

  jwt
    .command('decode <token>')
    .description(
      'Show the header and claims (iat, nbf, exp as dates); does not verify ("-" reads the token from standard input)',
    )
    .option('--json', 'print the decoded token as JSON')
    .action(async (tokenArgument: string, flags: { json?: boolean }) => {
      // Only computes: no data directory is opened, so no dispatcher; the token is judged by
      // the contract's decodeJwt schema all the same (its limits, its message, named <token>).
      const { token } = parseCommandInput(
        'decodeJwt',
        { token: (await stdinValues(context)(tokenArgument, '<token>')) ?? tokenArgument },
        flagsOf({ token: '<token>' }),
      );
      const decoded = decodeJwt(token);
      context.io.stdout(
        flags.json === true
          ? `${terminalSafeJson(JSON.stringify(decoded, null, 2))}\n`
          : formatDecoded(decoded, Date.now()),
      );
      if (!decoded.ok) throw new CommandExit(EXIT_FAILED);
    });

  jwt
    .command('verify <token>')
    .description(
      'Verify like the listener does; exits 0 only for "valid" ("-" reads the token from standard input)',
    )
    .option('--secret <secret>', 'the notification token to check against ("-" reads it from standard input)')
    .option(
      '--profile <name>',
      "check against this profile's notification token (default: the active profile)",
    )
    .option(
      '--clock-tolerance <seconds>',
      'allowed clock skew for exp/nbf/iat (default: the listener setting, 60)',
    )
    .action((tokenArgument: string, rawFlags: unknown) =>
      withConsole(context, async (core) => {
        const flags = parseFlags(
          signerFlags.extend({ clockTolerance: z.coerce.number().int().min(0).max(86_400).optional() }),
          rawFlags,
        );
        const read = stdinValues(context);
        const token = (await read(tokenArgument, '<token>')) ?? tokenArgument;
        const result = await commandCaller(core.dispatcher)('verifyJwt', {
          token,
          against: await signerOf(core, flags, read),
          ...(flags.clockTolerance === undefined ? {} : { clockToleranceSeconds: flags.clockTolerance }),
        });
        context.io.stdout(`${result.verdict}: ${terminalSafe(result.reason)}\n`);
        if (result.verdict !== 'valid') throw new CommandExit(EXIT_FAILED);
      }),
    );

  jwt
    .command('sign')
    .description('Sign a token (HS256) and print it')
    .option('--secret <secret>', 'sign with this secret ("-" reads it from standard input)')
    .option('--profile <name>', "sign with this profile's notification token (default: the active profile)")
    .option('--claims <json>', 'claims as a JSON object, e.g. \'{"iss":"checkout"}\'')
    .option('--ttl <duration>', "lifetime: 90s, 15m, 2h (default: the profile's token lifetime, 15m)")
    .option('--preset <name>', `${TOKEN_PRESETS.join(' | ')} (default valid)`)
    .action(async (rawFlags: unknown) => {
      const flags = parseFlags(
        signerFlags.extend({
          claims: z.string().optional(),
          ttl: z.string().optional(),
          preset: z
            .enum(TOKEN_PRESETS, { error: `must be one of ${TOKEN_PRESETS.join(', ')}` })
            .default('valid'),
        }),
        rawFlags,
      );
      const claims = parseClaims(flags.claims);
      const lifetimeSeconds = flags.ttl === undefined ? undefined : parseTtl(flags.ttl);
      const sign = async (toolkit: JwtToolkit, signer: SecretSource) => {
        const signed = await toolkit.sign({
          signer,
          preset: flags.preset,
          claims,
          ...(lifetimeSeconds === undefined ? {} : { lifetimeSeconds }),
        });
        context.io.stdout(`${signed.token}\n`);
      };
      const read = stdinValues(context);
      if (flags.secret !== undefined && flags.profile === undefined)
        return sign(computeOnlyToolkit(), await signerOf(null, flags, read));
      return withConsole(context, async (core) => sign(core.jwt, await signerOf(core, flags, read)));
    });
}
