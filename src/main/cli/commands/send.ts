import type { Command } from 'commander';
import { z } from 'zod';
import type { ExchangeResult, NotificationPlan } from '../../../shared/merchant-api';
import type { ConsoleCommand } from '../../console-command';
import {
  consoleCommandOf,
  numberFlagTexts,
  parseFlags,
  wholeNumberFlag,
  withConsole,
  type CliContext,
} from '../cli-context';
import { EXIT_FAILED, EXIT_OK } from '../cli-errors';
import { writeThenExit } from '../standard-io';
import { readJsonSource } from '../read-json-source';
import { startEmulatorAdvice } from '../start-emulator-advice';
import { terminalSafe, terminalSafeJson } from '../terminal-text';
import { countOf } from '../../../shared/count-words';
import { shellQuote } from '../../../shared/shell-quote';
import { requireProfile } from './profiles';
import { commandCaller, flagsOf } from '../command-caller';
import { Variables } from '../../../shared/scenarios/variables';
import { depthBeyond, JSON_MAX_DEPTH } from '../../../shared/bounded-json';
import { formatJsonPath } from '../../../shared/json-path';
import {
  chooseCheckoutForm,
  describeFormChoice,
  educationFormHint,
  FORM_FLAG_HELP,
  formFlag,
  type FormChoice,
} from '../checkout-form-choice';

const sendFlags = z.object({
  profile: z.string().trim().min(1, 'must name a profile').optional(),
  yesLive: z.boolean().default(false),
  json: z.boolean().default(false),
  form: formFlag,
  notificationUrl: z.boolean().default(true),
  singleCheckoutDisabled: z.boolean().default(false),
  // Only read as a number here: its limits are the contract's (sendCheckout), named as this flag.
  timeoutMs: wholeNumberFlag('must be a whole number of milliseconds').optional(),
});

/**
 * The answer for a terminal; everything the service said is escaped (it is remote text). `form`:
 * what a local emulator was told to judge in, and why (other profiles' services choose their own).
 */
/** `notification  <url> (<why>)`, or `none: <why>`: where the order's notifications go. */
function notificationLine(plan: NotificationPlan): string {
  const safe = (text: string) => terminalSafe(text, { maxChars: 2000 });
  const why = safe(plan.reason.replace(/\.$/, ''));
  return `notification  ${plan.url === null ? `none: ${why}` : `${safe(plan.url)} (${why})`}\n`;
}

function describe(result: ExchangeResult, form: FormChoice | null): string {
  const safe = (text: string) => terminalSafe(text, { maxChars: 2000 });
  const head = `${result.request.method} ${safe(result.request.url)} → ${
    result.status === null
      ? `no answer (${safe(result.failure?.message ?? 'failed')})`
      : String(result.status)
  } in ${Math.round(result.durationMs)} ms\n${form === null ? '' : `form          ${describeFormChoice(form)}\n`}${result.notification === undefined ? '' : notificationLine(result.notification)}`;
  if (result.checkout !== null) {
    const c = result.checkout;
    return `${head}order_id      ${safe(c.order_id)}\ncheckout_id   ${safe(c.checkout_id)}\nstatus        ${safe(c.status)}\ncheckout_url  ${safe(c.checkout_url)}\n`;
  }
  const error = result.serviceError;
  const codes =
    error === null || error.errorCodes.length === 0
      ? ''
      : `error codes: ${safe(error.errorCodes.join(', '))}\n`;
  const body =
    result.json === null
      ? terminalSafe(result.responseBody ?? '', { keepLines: true })
      : terminalSafeJson(JSON.stringify(result.json, null, 2));
  return `${head}${codes}${body}${body.endsWith('\n') || body === '' ? '' : '\n'}`;
}

/**
 * The variables a scenario would fill in, asked of the substitution itself (it asks for each
 * one it meets): only string values, after JSON escapes, never keys nor `$${`. Reading the
 * file's text named a key's "${x}" and missed "\u0024{fresh.reference}".
 */
class VariablesAskedFor extends Variables {
  readonly names = new Set<string>();
  override get(name: string): unknown {
    this.names.add(name);
    return '';
  }
}

/** Each string field of `payload` that holds a scenario variable, named as findings name fields. */
function fieldsWithVariables(payload: unknown): { field: string; names: string[] }[] {
  const found: { field: string; names: string[] }[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      const asked = new VariablesAskedFor();
      asked.substitute(value);
      if (asked.names.size > 0) found.push({ field: formatJsonPath(path), names: [...asked.names] });
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(payload, []);
  return found;
}

/** `a`, `a and b`, `a, b and c`. */
const inWords = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

/**
 * A scenario's payload (scenarios/payloads/*.json) holds variables such as `${fresh.reference}`
 * that its checkout step fills in; `send` sends a file as written, so every order's reference
 * was the literal text. Said, naming each field that holds one (the order's field is that text
 * now), not changed: sending as written is send's job (docs/builder.md).
 */
function scenarioVariablesWarning(payload: unknown): string | null {
  // A scenario refuses a payload deeper than any reader walks, and the walk would overflow.
  if (depthBeyond(payload, JSON_MAX_DEPTH) !== null) return null;
  const fields = fieldsWithVariables(payload);
  if (fields.length === 0) return null;
  const safe = (text: string) => terminalSafe(text, { maxChars: 80 });
  const shown = fields
    .slice(0, 5)
    .map(({ field, names }) => `${safe(field)} holds ${inWords(names.map((name) => safe(`\${${name}}`)))}`);
  const more = fields.length > shown.length ? ` (and ${fields.length - shown.length} more fields)` : '';
  const one = fields.length === 1 && fields[0]?.names.length === 1;
  return `warning: ${inWords(shown)}${more}, ${one ? 'a scenario variable' : 'scenario variables'}: send sends ${one ? 'it' : 'them'} as written (it fills in none); a scenario fills ${one ? 'it' : 'them'} in (checkout-console test).`;
}

/**
 * A payload sent although validation found errors (the builder asks "Send anyway" first; `send`
 * sends as written): how many and which, as main judged it for the record's "sent with errors".
 */
function sentWithErrorsWarning(sent: NonNullable<ExchangeResult['sentWithErrors']>): string {
  const safe = (text: string) => terminalSafe(text, { maxChars: 200 });
  const lines = sent.first.map(
    (finding) => `  ${safe(finding.path)}: ${safe(finding.message)} [${finding.code}]\n`,
  );
  const more = sent.errors - sent.first.length;
  return `warning: sent with ${countOf(sent.errors, 'error')}, as the file has it (the service should refuse it; validate lists every finding):\n${lines.join('')}${more > 0 ? `  and ${more} more\n` : ''}`;
}

/**
 * A profile without an API token sends without Authorization (a fair test of the service's
 * 401, which the builder asks about first): said, so a 401 is not read as a token refused.
 */
const noTokenWarning = (profileName: string, consoleCommand: ConsoleCommand) =>
  `warning: sent without a token: ${profileName} has no API token, so the request went without Authorization (the service should answer 401); set one with: printf '%s' "$TOKEN" | ${consoleCommand(`profiles set ${shellQuote(profileName)} --api-token -`)}`;

/** Nothing answers at a local profile's base URL: how to start this data directory's emulator. */
const localEmulatorHint = (dataDir: string, consoleCommand: ConsoleCommand) =>
  `hint: the Local profile talks to the built-in emulator, which does not answer at its base URL: ${startEmulatorAdvice(dataDir, consoleCommand).words}.`;

/** A field of the send command as its flag, so an error names what to change on the command line. */
const SEND_FLAGS: Record<string, string> = {
  timeoutMs: '--timeout-ms',
  form: '--form',
  confirmLive: '--yes-live',
  body: '<file>',
};

/** `send <file>`: one create-checkout call with the profile's token; exit 1 on 4xx/5xx, no answer, or a 2xx that created no checkout. */
export async function runSend(file: string, rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(sendFlags, rawFlags);
  const { value, text } = await readJsonSource(file, context);
  const { result, local, choice, dataDir, noToken } = await withConsole(context, async (core) => {
    const profile =
      flags.profile === undefined ? core.profiles.active() : requireProfile(core.profiles, flags.profile);
    const local = profile.fields.environment === 'local';
    const choice = chooseCheckoutForm(flags, local ? () => core.emulator.settings() : null);
    // The same command the builder's Send calls: one validation, one error for each field; its
    // answer carries where the order's notifications go, decided as it was sent.
    const result = await commandCaller(
      core.dispatcher,
      flagsOf(SEND_FLAGS),
      numberFlagTexts(rawFlags, ['timeoutMs']),
    )('sendCheckout', {
      profileId: profile.id,
      // Sent as the file has it, byte for byte, unless the listener URL is filled in.
      body: { kind: 'json', payload: value, sourceText: text },
      injectNotificationUrl: flags.notificationUrl,
      form: choice.form,
      singleCheckout: choice.singleCheckout,
      confirmLive: flags.yesLive,
      timeoutMs: flags.timeoutMs,
    });
    const noToken = core.profiles.secretsOf(profile.id).apiToken === null ? profile.fields.name : null;
    return { result, local, choice, dataDir: core.dataDir, noToken };
  });
  // Only a local emulator is told the form; a real service judges in its merchant's own form.
  const localForm = local ? choice : null;
  // A 2xx that created no checkout (an HTML page, a cut answer) is no success either.
  const ok =
    result.status !== null && result.status >= 200 && result.status < 300 && result.checkout !== null;
  return writeThenExit(ok ? EXIT_OK : EXIT_FAILED, () => {
    context.io.stdout(
      flags.json ? `${terminalSafeJson(JSON.stringify(result, null, 2))}\n` : describe(result, localForm),
    );
    // A one-shot command starts no emulator: on a first try, say where the Local one runs.
    if (local && result.failure?.kind === 'refused')
      context.io.stderr(`${terminalSafe(localEmulatorHint(dataDir, consoleCommandOf(context)))}\n`);
    const formHint =
      localForm !== null && result.status === 400 ? educationFormHint(value, localForm, 'send') : null;
    if (formHint !== null) context.io.stderr(`${formHint}\n`);
    if (noToken !== null)
      context.io.stderr(`${terminalSafe(noTokenWarning(noToken, consoleCommandOf(context)))}\n`);
    if (result.sentWithErrors !== undefined) context.io.stderr(sentWithErrorsWarning(result.sentWithErrors));
    const variablesWarning = scenarioVariablesWarning(value);
    if (variablesWarning !== null) context.io.stderr(`${variablesWarning}\n`);
    for (const problem of result.answerProblems) context.io.stderr(`warning: ${terminalSafe(problem)}\n`);
  });
}

export function registerSend(program: Command, context: CliContext): void {
  program
    .command('send <file>')
    .description('Create a checkout session from a JSON file (or - for standard input) on a profile')
    .option('--profile <name>', 'profile to send with (default: the active one)')
    .option('--yes-live', 'confirm sending to a live (production) profile')
    .option('--form <form>', FORM_FLAG_HELP.send)
    .option(
      '--single-checkout-disabled',
      'education form: single checkout disabled (payment_type and instalments required); without it, ' +
        "a local profile follows the emulator's single checkout setting when --form is not given",
    )
    .option(
      '--no-notification-url',
      "do not fill an empty notification field with the profile's listener URL (its public one; on a " +
        'local profile without one, the listener a console on this data directory runs for it, else its ' +
        'listener port on 127.0.0.1)',
    )
    .option('--timeout-ms <n>', 'give up after this many milliseconds (default 30000)')
    .option('--json', 'print the whole exchange as JSON')
    .action((file: string, flags: unknown) => runSend(file, flags, context));
}
