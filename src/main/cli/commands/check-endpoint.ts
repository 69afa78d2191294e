import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { formatJsonPath } from '../../../shared/json-path';
import {
  ENDPOINT_CASE_IDS,
  endpointCheckConfigSchema,
  type EndpointCheckConfig,
} from '../../../shared/scenarios/endpoint-check';
import {
  endpointJunit,
  formatEndpointCase,
  formatEndpointSummary,
} from '../../scenarios/reporters/endpoint-report';
import { parseFlags, withConsole, type CliContext } from '../cli-context';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from '../cli-errors';
import { commandCaller, flagsOf } from '../command-caller';
import { checkReportFile, writeReportFile } from '../report-file';
import { writeThenExit } from '../standard-io';

/** Each field of the check as the flag (or argument) that sets it. */
const CHECK_FLAGS = {
  url: '<url>',
  secret: '--notification-token',
  config: '--config',
  confirmLive: '--yes-live',
};

const flagsSchema = z.object({
  notificationToken: z
    .string({
      error: 'is required: the secret the endpoint verifies with ("-" reads it from standard input)',
    })
    .min(1, 'must not be empty'),
  json: z.boolean().default(false),
  junit: z.string().trim().min(1, 'must name a file').optional(),
  force: z.boolean().default(false),
  config: z.string().trim().min(1, 'must name a file').optional(),
  yesLive: z.boolean().default(false),
});

/** The per-case overrides file (YAML or JSON); a problem names the file and the field. */
function readConfig(file: string | undefined): EndpointCheckConfig {
  if (file === undefined) return { cases: {} };
  let value: unknown;
  try {
    value = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--config ${file}: ${(error as Error).message.split('\n')[0] ?? 'cannot be read'}`);
  }
  const parsed = endpointCheckConfigSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const known = issue.path.join('.') === 'cases' ? `; the cases are ${ENDPOINT_CASE_IDS.join(', ')}` : '';
    throw new UsageError(`--config ${file}: ${formatJsonPath([...issue.path, key])}: unknown${known}`);
  }
  throw new UsageError(
    `--config ${file}: ${formatJsonPath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`,
  );
}

/**
 * `check-endpoint <url>`: the conformance battery against a merchant's notification endpoint.
 * Exit 0 when every case passes, 1 when one fails or gets no answer, 2 when nothing was graded
 * (the first case got no answer, so the rest were not sent).
 */
export async function runCheckEndpoint(url: string, rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(flagsSchema, rawFlags);
  const config = readConfig(flags.config);
  const junit = flags.junit === undefined ? null : { path: flags.junit, force: flags.force };
  // A report that could not be written is refused before the endpoint is called, not after.
  if (junit !== null) await checkReportFile('--junit', junit, context);
  const secret =
    flags.notificationToken === '-' ? (await context.io.readStdin()).trim() : flags.notificationToken;
  if (secret === '') throw new UsageError('--notification-token: standard input was empty');
  const { io } = context;
  const checkId = randomUUID();
  const report = await withConsole(context, async (core) => {
    // Each case as it is graded, from the check's own pushes.
    const unsubscribe = core.bus.subscribe((event) => {
      if (flags.json || event.name !== 'scenarios.endpointCase' || event.payload.checkId !== checkId) return;
      io.stdout(formatEndpointCase(event.payload.result));
    });
    try {
      // The same command the Scenarios view's endpoint check calls: one validation, one set of errors.
      return await commandCaller(core.dispatcher, flagsOf(CHECK_FLAGS))('checkEndpoint', {
        url,
        config,
        secret,
        checkId,
        confirmLive: flags.yesLive,
      });
    } finally {
      unsubscribe();
    }
  });
  // A case sent and not answered fails the endpoint as a wrong answer does; nothing graded (the
  // battery stopped on its first case, unreachable or slow) is 2.
  const exitCode =
    report.stopped !== null ? EXIT_USAGE : report.failed + report.noAnswer > 0 ? EXIT_FAILED : EXIT_OK;
  return writeThenExit(exitCode, async () => {
    try {
      if (flags.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      else io.stdout(formatEndpointSummary(report));
    } finally {
      // The JUnit file is not the reader that went away: it is written all the same.
      if (junit !== null) await writeReportFile('--junit', junit, endpointJunit(report), context);
    }
  });
}

export function registerCheckEndpoint(program: Command, context: CliContext): void {
  program
    .command('check-endpoint <url>')
    .description("Send a merchant's notification endpoint the spec's battery and grade each answer")
    .option(
      '--notification-token <token>',
      'the secret the endpoint verifies tokens with ("-" reads standard input)',
    )
    .option('--json', 'print the whole report as JSON')
    .option('--junit <file>', 'also write the report as JUnit XML')
    .option('--force', 'replace the --junit file if it exists (never a file in the data directory)')
    .option('--config <file>', 'YAML or JSON: per-case expected answers (cases: { <id>: { expect: 401 } })')
    .option('--yes-live', "confirm a check of a live profile's address")
    .action((url: string, flags: unknown) => runCheckEndpoint(url, flags, context));
}
