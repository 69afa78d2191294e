import { z } from 'zod';
import type { CheckoutForm } from '../../shared/checkout';
import type { EmulatorSettings } from '../../shared/emulator';

/** `--form` as `send` and `validate` take it: absent means "the command's default", said below. */
export const formFlag = z.enum(['general', 'education'], { error: 'choose general or education' }).optional();

/** The form a checkout is judged in, whether single checkout is on, and who chose them. */
export interface FormChoice {
  form: CheckoutForm;
  singleCheckout: boolean;
  source: 'flag' | 'emulator' | 'default';
}

/** The help text of `--form`, the one place each command's default is written. */
export const FORM_FLAG_HELP = {
  send:
    'general or education. Default: on a local profile, the emulator\'s "Merchant\'s checkout form" ' +
    'setting in this data directory (general unless changed); on other profiles, general ' +
    "(the service knows its merchant's form; here it only marks sends with validation errors)",
  validate:
    'general or education (default general; validate opens no data directory, so it does not read ' +
    "the emulator's setting that send follows on a local profile)",
} as const;

/**
 * `--form` when given. Otherwise a local profile judges as its emulator does: the console names
 * the form to the emulator (X-Emulator-Checkout-Form), which overrides the emulator's own
 * setting, so naming "general" by default refused education payloads on an emulator set to
 * education. `--single-checkout-disabled` turns single checkout off whichever way the form came.
 */
export function chooseCheckoutForm(
  flags: { form?: CheckoutForm | undefined; singleCheckoutDisabled: boolean },
  emulatorSettings: (() => Pick<EmulatorSettings, 'checkoutForm' | 'singleCheckout'>) | null,
): FormChoice {
  if (flags.form !== undefined)
    return { form: flags.form, singleCheckout: !flags.singleCheckoutDisabled, source: 'flag' };
  if (emulatorSettings === null)
    return { form: 'general', singleCheckout: !flags.singleCheckoutDisabled, source: 'default' };
  const settings = emulatorSettings();
  return {
    form: settings.checkoutForm,
    singleCheckout: settings.singleCheckout && !flags.singleCheckoutDisabled,
    source: 'emulator',
  };
}

const SOURCE_WORDS: Record<FormChoice['source'], string> = {
  flag: '--form',
  emulator: 'the emulator\'s "Merchant\'s checkout form" setting',
  default: 'the default',
};

/** `education, single checkout disabled (--form)`: the form as `send` prints it. */
export function describeFormChoice(choice: FormChoice): string {
  const single = choice.form === 'education' && !choice.singleCheckout ? ', single checkout disabled' : '';
  return `${choice.form}${single} (${SOURCE_WORDS[choice.source]})`;
}

/** Where the payload carries the education form's own object, or null. */
function educationPath(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  const risk = record['risk_assessment'];
  if (typeof risk === 'object' && risk !== null && !Array.isArray(risk)) {
    const nested = (risk as Record<string, unknown>)['education'];
    if (nested !== undefined && nested !== null) return 'risk_assessment.education';
  }
  // A top-level `education` is the same object put in the wrong place: still a sign of the form.
  return record['education'] !== undefined && record['education'] !== null ? 'education' : null;
}

/**
 * A plain hint when a payload written for the education form was judged (and refused) in the
 * general one, naming the flag that changes it; null when there is nothing to say.
 */
export function educationFormHint(
  payload: unknown,
  choice: Pick<FormChoice, 'form' | 'source'>,
  command: 'send' | 'validate',
): string | null {
  const path = educationPath(payload);
  if (choice.form !== 'general' || path === null) return null;
  const how =
    command === 'send' && choice.source === 'emulator'
      ? 'send it with --form education, or set the emulator\'s "Merchant\'s checkout form" to education'
      : `${command === 'send' ? 'send' : 'validate'} it with --form education`;
  return (
    `hint: the payload has ${path}, but it was judged in the general form ` +
    `(${SOURCE_WORDS[choice.source]}). If the merchant uses the education form, ${how}.`
  );
}
