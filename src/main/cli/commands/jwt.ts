import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CraftedMark, DecodedPastedJwt, SecretSource } from '../../../shared/contract/jwt';
import { readClaimsText } from '../../../shared/jwt/claims-text';
import type { DecodedJwt } from '../../../shared/jwt/decode-jwt';
import { decodeWarnings } from '../../../shared/jwt/token-warnings';
import { NO_TIME_CLAIMS, timeClaimLines } from '../../../shared/jwt/time-claim-lines';
import { TOKEN_PRESETS } from '../../../shared/jwt/token-presets';
import { shownTokenPart, visibleJson } from '../../../shared/jwt/visible-json';
import type { ConsoleCore } from '../../app';
import { DATABASE_FILE_NAME, resolveDataDir } from '../../data-dir';
import { DEFAULT_CLOCK_TOLERANCE_SECONDS } from '../../jwt/check-token';
import { createHmacKeyCache } from '../../jwt/hmac-key-cache';
import { createJwtToolkit } from '../../jwt/jwt-toolkit';
import { createComputeDispatcher } from '../../bridge/dispatch';
import { jwtComputeHandlers } from '../../bridge/handlers/jwt';
import {
  numberFlagTexts,
  wholeNumberFlag,
  parseFlags,
  withConsole,
  withExistingConsole,
  type CliContext,
} from '../cli-context';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../cli-errors';
import { writeThenExit } from '../standard-io';
import { stdinValues, type StdinValue } from '../stdin-value';
import { terminalSafe } from '../terminal-text';
import { requireProfile } from './profiles';
import { commandCaller, flagsOf, type CommandCaller } from '../command-caller';

const signerFlags = z.object({
  secret: z.string().min(1, 'must not be empty').optional(),
  profile: z.string().min(1, 'must name a profile').optional(),
});

/** `90s`, `15m`, `2h` → seconds (the syntax only). */
export function parseTtl(value: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(value.trim());
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new UsageError(
      `--ttl: "${value}" is not a duration; use a whole number with s, m or h (e.g. 90s, 15m, 2h).`,
    );
  }
  // Its range is the contract's (signJwt's lifetimeSeconds), named as this flag.
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
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

/** Whether the data directory the command would open holds a console already (nothing is made). */
function dataDirExists(context: CliContext): boolean {
  return existsSync(join(resolveDataDir(context.dataDirFlag()), DATABASE_FILE_NAME));
}

/**
 * Decoding, and signing with a given secret, only compute: no data directory is opened, so
 * none is created. The contract's handlers run over the JWT toolkit without profiles (and its
 * own key cache), through the dispatcher's one path: the same schemas, the same errors.
 */
function computeOnlyCaller(flags: Readonly<Record<string, string>>): CommandCaller {
  const jwt = createJwtToolkit({
    profiles: null,
    keys: createHmacKeyCache(),
    clockToleranceSeconds: () => DEFAULT_CLOCK_TOLERANCE_SECONDS,
  });
  return commandCaller(createComputeDispatcher(jwtComputeHandlers({ jwt })), flagsOf(flags));
}

/** Each field of the verify command as the flag (or argument) that sets it. */
const VERIFY_FLAGS = {
  token: '<token>',
  'against.secret': '--secret',
  'against.profileId': '--profile',
  clockToleranceSeconds: '--clock-tolerance',
};

/** Each field of the sign command as the flag that sets it. */
const SIGN_FLAGS = {
  signer: '--secret',
  'signer.secret': '--secret',
  'signer.profileId': '--profile',
  // The active profile, which --profile names when it is left out.
  'signer.source': '--profile',
  preset: '--preset',
  claims: '--claims',
  claimsText: '--claims',
  lifetimeSeconds: '--ttl',
};

/** `exp     2026-03-01T10:15:00.000Z (expires in 15 minutes)`, or what a claim holds instead of a date. */
function timeLines(decoded: DecodedJwt, nowMs: number): string[] {
  const lines = timeClaimLines(decoded, nowMs).map((line) =>
    line.time === null
      ? `${line.name.padEnd(7)} ${terminalSafe(line.fault)}`
      : `${line.name.padEnd(7)} ${line.time.iso} (${line.relative})`,
  );
  return lines.length > 0 ? lines : [`times   ${NO_TIME_CLAIMS}`];
}

/**
 * The one writer of a note on a token (`warning: …`, `problem: …`, `crafted: …`), written as
 * every other CLI warning is (`warning: …`); its text is the token's or its sender's, so escaped.
 */
function noteLine(label: 'warning' | 'problem' | 'crafted', text: string): string {
  return `${label}: ${terminalSafe(text)}`;
}

/** The `crafted:` line of a token this console signed (none for any other). */
function craftedLines(crafted: CraftedMark): string[] {
  return crafted === null ? [] : [noteLine('crafted', crafted.reason)];
}

/** Claim problems and the decode's warnings, a line each, as the window shows them beside the claims. */
function claimNotes(decoded: DecodedJwt, except: string | null = null): string[] {
  return [
    ...decoded.claimProblems
      .filter((problem) => problem !== except)
      .map((problem) => noteLine('problem', problem)),
    ...decodeWarnings(decoded).map((warning) => noteLine('warning', warning)),
  ];
}

/** A decoded token for a terminal; its header and claims are whatever the sender wrote, so escaped. */
export function formatDecoded(decoded: DecodedJwt, nowMs: number, crafted: CraftedMark = null): string {
  if (!decoded.ok)
    return [
      `malformed: ${terminalSafe(decoded.problem ?? 'cannot be decoded')}`,
      ...craftedLines(crafted),
      '',
    ].join('\n');
  return [
    `header  ${shownTokenPart(decoded, 'header', 0)}`,
    `claims  ${shownTokenPart(decoded, 'claims', 2).replace(/\n/g, '\n        ')}`,
    ...timeLines(decoded, nowMs),
    ...craftedLines(crafted),
    ...claimNotes(decoded),
    '',
  ].join('\n');
}

/**
 * A pasted token decoded. Through the data directory when there is one, so a token this console
 * signed is said to be (it remembers them there); where none exists it opens none and makes none.
 */
async function decodePasted(context: CliContext, token: string): Promise<DecodedPastedJwt> {
  const fields = flagsOf({ token: '<token>' });
  if (!dataDirExists(context)) return computeOnlyCaller({ token: '<token>' })('decodeJwt', { token });
  return withExistingConsole(context, (core) =>
    commandCaller(core.dispatcher, fields)('decodeJwt', { token }),
  );
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
      const token = (await stdinValues(context)(tokenArgument, '<token>', 'pasted token')) ?? tokenArgument;
      const decoded = await decodePasted(context, token);
      return writeThenExit(decoded.ok ? EXIT_OK : EXIT_FAILED, () =>
        context.io.stdout(
          flags.json === true
            ? `${visibleJson(JSON.stringify(decoded, null, 2))}\n`
            : formatDecoded(decoded, Date.now(), decoded.crafted),
        ),
      );
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
          // Read as a number here; its limits are the contract's (verifyJwt), named as this flag.
          signerFlags.extend({
            clockTolerance: wholeNumberFlag('must be a whole number of seconds').optional(),
          }),
          rawFlags,
        );
        const read = stdinValues(context);
        const token = (await read(tokenArgument, '<token>', 'pasted token')) ?? tokenArgument;
        const result = await commandCaller(
          core.dispatcher,
          flagsOf(VERIFY_FLAGS),
          numberFlagTexts(rawFlags, ['clockTolerance']),
        )('verifyJwt', {
          token,
          against: await signerOf(core, flags, read),
          ...(flags.clockTolerance === undefined ? {} : { clockToleranceSeconds: flags.clockTolerance }),
        });
        return writeThenExit(result.verdict === 'valid' ? EXIT_OK : EXIT_FAILED, () => {
          const lines = [
            `${result.verdict}: ${terminalSafe(result.reason)}`,
            ...craftedLines(result.crafted),
            ...result.warnings.map((warning) => noteLine('warning', warning)),
            // What the window shows beside the verdict (the verdict's own reason is not said twice).
            ...claimNotes(result.decoded, result.reason),
          ];
          context.io.stdout(`${lines.join('\n')}\n`);
        });
      }),
    );

  jwt
    .command('sign')
    .description('Sign a token (HS256) and print it')
    .option('--secret <secret>', 'sign with this secret ("-" reads it from standard input)')
    .option('--profile <name>', "sign with this profile's notification token (default: the active profile)")
    .option('--claims <json>', 'claims as a JSON object, e.g. \'{"iss":"checkout"}\'')
    .option(
      '--ttl <duration>',
      "lifetime: 90s, 15m, 2h, up to 168h (default: the profile's token lifetime, 15m)",
    )
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
      // Refused before a data directory is opened; the same reader judges it in main.
      if (flags.claims !== undefined) {
        const read = readClaimsText(flags.claims, flags.preset);
        if (!read.ok) throw new UsageError(`--claims: ${read.problem}`);
      }
      const lifetimeSeconds = flags.ttl === undefined ? undefined : parseTtl(flags.ttl);
      // The same command the JWT view's Craft calls: one validation, one set of limits and errors.
      const sign = async (call: CommandCaller, signer: SecretSource) => {
        const signed = await call('signJwt', {
          signer,
          preset: flags.preset,
          // As typed: "exact" signs this text itself.
          ...(flags.claims === undefined ? {} : { claimsText: flags.claims }),
          ...(lifetimeSeconds === undefined ? {} : { lifetimeSeconds }),
        });
        context.io.stdout(`${signed.token}\n`);
      };
      const read = stdinValues(context);
      // A given secret needs no data directory, but when there is one the token is signed through
      // it, so it is remembered: signed with a profile's own notification token, it verifies as
      // the service's, and a webhook carrying it must be known as crafted.
      if (flags.secret !== undefined && flags.profile === undefined && !dataDirExists(context))
        return sign(computeOnlyCaller(SIGN_FLAGS), await signerOf(null, flags, read));
      return withConsole(context, async (core) =>
        sign(commandCaller(core.dispatcher, flagsOf(SIGN_FLAGS)), await signerOf(core, flags, read)),
      );
    });
}
