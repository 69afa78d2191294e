import type {
  EmptyOptionalChoice,
  InstalmentsRequiredChoice,
  MissingCountryCodeChoice,
} from '@shared/checkout';
import type { AbsentMoneyChoice, MoneyAmountsChoice } from '@shared/emulator';
import type { Choice } from '@ui/choice-control';

// The choices of the emulator's spec settings (emulator-spec-settings.tsx), each as it is shown.

/** How an optional field given "" is judged (the official client's own "" passes under each). */
export const EMPTY_OPTIONAL_CHOICES: readonly Choice<EmptyOptionalChoice>[] = [
  { label: 'Warn', value: 'warn' },
  { label: 'Refuse', value: 'refuse' },
  { label: 'Accept', value: 'accept' },
];

/** Where instalments may be left out: as the official client sends it, or the spec's letter. */
export const INSTALMENTS_REQUIRED_CHOICES: readonly Choice<InstalmentsRequiredChoice>[] = [
  { label: 'With PAY_BY_INSTALMENTS', value: 'pay_by_instalments' },
  { label: 'Always', value: 'always' },
];

/** How a Money's amount is written in answers and notifications (the spec does not say which). */
export const MONEY_AMOUNTS_CHOICES: readonly Choice<MoneyAmountsChoice>[] = [
  { label: 'String', value: 'string' },
  { label: 'Number', value: 'number' },
];

/** A Money the request did not give, in the order record (not shown in the spec). */
export const ABSENT_MONEY_CHOICES: readonly Choice<AbsentMoneyChoice>[] = [
  { label: 'Zero', value: 'zero' },
  { label: 'null', value: 'null' },
  { label: 'Left out', value: 'omitted' },
];

/** A request without the top-level country_code: the required column's "yes" or its "Default SA". */
export const MISSING_COUNTRY_CODE_CHOICES: readonly Choice<MissingCountryCodeChoice>[] = [
  { label: 'Refuse (required)', value: 'refuse' },
  { label: 'Take SA', value: 'take_sa' },
];
