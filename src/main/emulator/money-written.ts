import {
  DEFAULT_EMULATOR_SETTINGS,
  type AbsentMoneyChoice,
  type MoneyAmountsChoice,
} from '../../shared/emulator';

/**
 * How the emulator writes Money where the spec does not show it (docs/emulator-fidelity.md):
 * its settings `moneyAmounts` and `absentMoney`. Every Money is built with its amount as a
 * string with the currency's decimals (operation-amounts.ts textOf), the form the amounts are
 * stored and summed in; `moneyAmounts` is applied once, as an answer or a notification leaves,
 * so no move or record builder carries it. `absentMoney` is the order record's to apply
 * (order-record.ts givenMoney): only it writes a Money the request did not give.
 */
export interface MoneyChoices {
  moneyAmounts: MoneyAmountsChoice;
  absentMoney: AbsentMoneyChoice;
}

export const DEFAULT_MONEY_CHOICES: MoneyChoices = {
  moneyAmounts: DEFAULT_EMULATOR_SETTINGS.moneyAmounts,
  absentMoney: DEFAULT_EMULATOR_SETTINGS.absentMoney,
};

const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A Money as the emulator builds one: `{ amount, currency }` and nothing else, its amount a
 * numeric text. Only such an object changes, so a text that looks like a number elsewhere (a
 * refund's comment, a reference id) is never turned into one.
 */
function isBuiltMoney(value: Record<string, unknown>): value is { amount: string; currency: string } {
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof value['currency'] === 'string' &&
    typeof value['amount'] === 'string' &&
    NUMERIC_TEXT.test(value['amount'])
  );
}

/**
 * `value` with every Money's amount in the chosen form: unchanged under `string`; under
 * `number` a JSON number of the same value (JSON writes 23.83 for "23.830": a number keeps no
 * trailing zero).
 */
export function withMoneyAmounts(value: unknown, form: MoneyAmountsChoice): unknown {
  if (form === 'string') return value;
  if (Array.isArray(value)) return value.map((entry: unknown) => withMoneyAmounts(entry, form));
  if (!isObject(value)) return value;
  if (isBuiltMoney(value)) return { amount: Number(value.amount), currency: value.currency };
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, withMoneyAmounts(entry, form)]),
  );
}
