import type { Command } from 'commander';
import { z } from 'zod';
import {
  DEFAULT_EMPTY_OPTIONAL,
  DEFAULT_INSTALMENTS_REQUIRED,
  DEFAULT_MISSING_COUNTRY_CODE,
  EMPTY_OPTIONAL_CHOICES,
  INSTALMENTS_REQUIRED_CHOICES,
  MISSING_COUNTRY_CODE_CHOICES,
  validateCheckout,
} from '../../../shared/checkout';
import {
  DEFAULT_COUNTRY_CURRENCY_PAIRS,
  DEFAULT_PAIR_TABLE_NAME,
  parsePairList,
} from '../../../shared/checkout/country-currency-pairs';
import { parseByteSize } from '../../../shared/checkout/request-size';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../../shared/emulator';
import { parseFlags, type CliContext } from '../cli-context';
import { EXIT_FAILED, EXIT_OK } from '../cli-errors';
import { writeThenExit } from '../standard-io';
import { formatFindings, summarise } from '../format-findings';
import { readJsonSource } from '../read-json-source';
import { terminalSafe, terminalSafeJson } from '../terminal-text';
import { chooseCheckoutForm, educationFormHint, FORM_FLAG_HELP, formFlag } from '../checkout-form-choice';

const validateFlags = z.object({
  form: formFlag,
  singleCheckoutDisabled: z.boolean().default(false),
  notificationField: z.string().trim().min(1, 'must name a field, e.g. merchant_url.notification').optional(),
  pairs: z
    .string()
    .transform((text, ctx) => {
      const parsed = parsePairList(text);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'not a list of pairs' });
      return z.NEVER;
    })
    .optional(),
  requestLimit: z
    .string()
    .transform((text, ctx) => {
      const bytes = parseByteSize(text);
      if (bytes !== null) return bytes;
      ctx.addIssue({ code: 'custom', message: 'must be a size in bytes, or whole KiB or MiB (e.g. 4MiB)' });
      return z.NEVER;
    })
    .optional(),
  emptyOptional: z
    .enum(EMPTY_OPTIONAL_CHOICES, { error: 'choose warn, refuse or accept' })
    .default(DEFAULT_EMPTY_OPTIONAL),
  instalmentsRequired: z
    .enum(INSTALMENTS_REQUIRED_CHOICES, { error: 'choose pay_by_instalments or always' })
    .default(DEFAULT_INSTALMENTS_REQUIRED),
  missingCountryCode: z
    .enum(MISSING_COUNTRY_CODE_CHOICES, { error: 'choose refuse or take_sa' })
    .default(DEFAULT_MISSING_COUNTRY_CODE),
  honourExpiresInMinutes: z.boolean().default(false),
  json: z.boolean().default(false),
});

export async function runValidate(file: string, rawFlags: unknown, context: CliContext): Promise<void> {
  const flags = parseFlags(validateFlags, rawFlags);
  const { io } = context;
  const { name, text, value } = await readJsonSource(file, context);
  // The same choice as send's, without an emulator to follow: validate opens no data directory.
  const choice = chooseCheckoutForm(flags, null);
  const findings = validateCheckout(value, {
    form: choice.form,
    singleCheckout: choice.singleCheckout,
    sourceText: text,
    emptyOptional: flags.emptyOptional,
    instalmentsRequired: flags.instalmentsRequired,
    missingCountryCode: flags.missingCountryCode,
    honourExpiresInMinutes: flags.honourExpiresInMinutes,
    ...(flags.notificationField === undefined ? {} : { notificationField: flags.notificationField }),
    ...(flags.pairs === undefined ? {} : { pairs: flags.pairs, pairsSource: 'flag' }),
    // The spec shows no request-size limit: by default the emulator's Largest request body at its
    // default, as the pairs are its default table (validate opens no data directory to read the setting).
    requestLimit:
      flags.requestLimit === undefined
        ? { bytes: EMULATOR_BODY_LIMIT_BYTES, source: 'emulator', cli: true }
        : { bytes: flags.requestLimit, source: 'flag' },
  });
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  const hint = errors > 0 ? educationFormHint(value, choice, 'validate') : null;
  return writeThenExit(errors > 0 ? EXIT_FAILED : EXIT_OK, () => {
    if (flags.json)
      io.stdout(
        `${terminalSafeJson(JSON.stringify({ valid: errors === 0, errors, warnings, findings }, null, 2))}\n`,
      );
    else {
      io.stdout(`${terminalSafe(name)} (${choice.form} form): ${summarise(errors, warnings)}\n`);
      if (findings.length > 0) io.stdout(`\n${formatFindings(findings)}`);
    }
    if (hint !== null) io.stderr(`${hint}\n`);
  });
}

export function registerValidate(program: Command, context: CliContext): void {
  program
    .command('validate <file>')
    .description('Check a checkout session request (JSON file, or - for standard input) against the spec')
    .option('--form <form>', FORM_FLAG_HELP.validate)
    .option(
      '--single-checkout-disabled',
      'education form: the merchant has single checkout disabled (payment_type and instalments required)',
    )
    .option(
      '--notification-field <path>',
      'request field that carries the notification URL (default merchant_url.notification)',
    )
    .option(
      '--pairs <list>',
      `supported country/currency pairs, comma-separated; another pair is an error (default ${DEFAULT_PAIR_TABLE_NAME}, ${DEFAULT_COUNTRY_CURRENCY_PAIRS.join(',')})`,
    )
    .option(
      '--request-limit <size>',
      "largest request body, in bytes or whole KiB or MiB (4MiB); a larger body is an error (default the emulator's default, 1 MiB)",
    )
    .option(
      '--empty-optional <choice>',
      'an optional field given "" or null where the official client never sends one, and a text field given only blanks ("  ") (how the service reads them is not shown): ' +
        `warn (a warning), refuse (an error) or accept (no finding); default ${DEFAULT_EMPTY_OPTIONAL}. ` +
        'The official client\'s own "" (locale, item URLs, address line2…) and null (billing_address, item prices) pass under each',
    )
    .option(
      '--instalments-required <when>',
      'where instalments may be left out (the spec requires it; the official client sends it only with PAY_BY_INSTALMENTS): ' +
        `pay_by_instalments (an error only there, a warning elsewhere) or always (the spec's letter); default ${DEFAULT_INSTALMENTS_REQUIRED}`,
    )
    .option(
      '--missing-country-code <choice>',
      'a request without the top-level country_code (the spec says required "yes" and "Default SA"): ' +
        `refuse (an error, required) or take_sa (judged as SA); default ${DEFAULT_MISSING_COUNTRY_CODE}`,
    )
    .option(
      '--honour-expires-in-minutes',
      'take expires_in_minutes, as a merchant support enabled it for (the emulator\'s "Honour expires_in_minutes"); without it, as the emulator by default, a value given is ignored (a warning) and the order expires after 30 minutes',
    )
    .option('--json', 'print { valid, errors, warnings, findings } as JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 no errors (warnings allowed), 1 errors found, 2 unreadable file, invalid JSON or bad flags.',
    )
    .action((file: string, rawFlags: unknown) => runValidate(file, rawFlags, context));
}
