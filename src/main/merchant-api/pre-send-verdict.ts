import { validateCheckout, type CheckoutForm, type Finding } from '../../shared/checkout';
import type { EmulatorSettings } from '../../shared/emulator';
import { parseJsonText } from '../../shared/json-text';
import type { StoredProfile } from '../store/profiles-repository';
import type { CheckoutBody } from './request-planner';

/** What validation says about a payload about to be sent (sends with errors are marked). */
export interface PayloadVerdict {
  errors: number;
  warnings: number;
  /** The first error findings (SENT_ERRORS_SHOWN), for a send to say which it went with. */
  firstErrors: Finding[];
}

/** How many of a send's error findings it names (the builder's Send anyway lists six). */
export const SENT_ERRORS_SHOWN = 6;

/** Validates a JSON payload in the given form for the profile (app.ts: the emulator's own rules). */
export type JudgePayload = (
  payload: unknown,
  form: CheckoutForm,
  profile: StoredProfile,
  options: { singleCheckout?: boolean | undefined; sourceText?: string | undefined },
) => PayloadVerdict;

/**
 * The judgement a checkout send is stored with, of the text that goes out. Raw text (the
 * builder's "Send anyway" of text that does not parse) is judged by what it holds: text that
 * parses as the payload it is, text that does not as one error, its syntax. Unparseable is
 * never "no findings": stored without a verdict, such a send was not marked sent with errors,
 * though it is the most malformed body there is.
 */
export function preSendVerdict(
  judge: JudgePayload,
  sent: { body: CheckoutBody; payload: unknown; text: string | undefined },
  context: { form: CheckoutForm; profile: StoredProfile; singleCheckout?: boolean | undefined },
): PayloadVerdict {
  const options = { singleCheckout: context.singleCheckout, sourceText: sent.text };
  if (sent.body.kind === 'json') return judge(sent.payload, context.form, context.profile, options);
  const parsed = parseJsonText(sent.body.text);
  return parsed.ok
    ? judge(parsed.value, context.form, context.profile, options)
    : { errors: 1, warnings: 0, firstErrors: [] };
}

/**
 * The console's judge of a send: a local profile sends to the emulator, which judges by its own
 * settings (the pairs it supports, how it weighs "", where instalments may be left out and
 * whether it takes expires_in_minutes: a send it accepted was stored "sent with errors").
 */
export function sentPayloadJudge(emulatorSettings: () => EmulatorSettings): JudgePayload {
  return (payload, form, profile, { singleCheckout, sourceText }) => {
    const settings = profile.fields.environment === 'local' ? emulatorSettings() : null;
    const findings = validateCheckout(payload, {
      form,
      ...(singleCheckout === undefined ? {} : { singleCheckout }),
      notificationField: profile.fields.notificationField,
      ...(settings === null
        ? {}
        : {
            emptyOptional: settings.emptyOptional,
            pairs: settings.countryCurrencyPairs,
            instalmentsRequired: settings.instalmentsRequired,
            missingCountryCode: settings.missingCountryCode,
            honourExpiresInMinutes: settings.honourExpiresInMinutes,
          }),
      // The text that went out: what only a text shows (a name given twice) is judged too.
      ...(sourceText === undefined ? {} : { sourceText }),
    });
    const errors = findings.filter((finding) => finding.severity === 'error');
    return {
      errors: errors.length,
      warnings: findings.length - errors.length,
      firstErrors: errors.slice(0, SENT_ERRORS_SHOWN),
    };
  };
}
