import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SIGNED_LIFETIME_MAX_SECONDS, signedLifetimeMinutesSchema } from '../../src/shared/contract/jwt';
import { emulatorSettingsSchema, faultsSchema } from '../../src/shared/emulator';
import { listenerSettingsSchema } from '../../src/shared/listener';
import { profileFieldsSchema } from '../../src/shared/profile';
import {
  fieldNumberProblem,
  rangeOfSchema,
  readFieldNumber,
  readWholeNumber,
  readWholeNumberList,
  readWholeNumberOrEmpty,
} from '../../src/renderer/src/ui/whole-number-text';

const { shape } = emulatorSettingsSchema;
const attempts = rangeOfSchema(shape.attempts.unwrap());
const timeout = rangeOfSchema(shape.timeoutMs.unwrap());
const hold = rangeOfSchema(shape.outOfOrderMs.unwrap());
const delay = rangeOfSchema(faultsSchema.shape.delayMs.unwrap());
const backoff = rangeOfSchema(shape.backoffMs.unwrap().element);

describe("the Emulator view's number fields say what is wrong with what was typed", () => {
  it('take their ranges from the schema main checks with', () => {
    expect([attempts, timeout, hold, delay, backoff]).toEqual([
      { min: 1, max: 20 },
      { min: 100, max: 120_000 },
      { min: 0, max: 600_000 },
      { min: 0, max: 600_000 },
      { min: 0, max: 3_600_000 },
    ]);
  });

  it.each([
    ['abc', timeout, '"abc" is not a number: enter a whole number from 100 to 120,000'],
    ['', hold, 'Empty: enter a whole number from 0 to 600,000'],
    ['  ', hold, 'Empty: enter a whole number from 0 to 600,000'],
    ['0', attempts, '0 is below 1: enter a whole number from 1 to 20'],
    ['21', attempts, '21 is above 20: enter a whole number from 1 to 20'],
    ['1.5', attempts, '1.5 is not a whole number: enter a whole number from 1 to 20'],
    ['-5', delay, '-5 is below 0: enter a whole number from 0 to 600,000'],
    [
      '99999999999999999999',
      timeout,
      '99999999999999999999 is above 120,000: enter a whole number from 100 to 120,000',
    ],
  ])('%j → %s', (text, range, problem) => {
    expect(readWholeNumber(text, range)).toEqual({ value: null, problem });
  });

  // As the CLI reads a number (numberFlag): `1e3` there is "must be a number, written in decimal
  // digits"; a box taking it as 1000 read the same text otherwise.
  it.each([
    ['1e3', '"1e3" is not a number written in decimal digits: enter a whole number from 100 to 120,000'],
    ['0x10', '"0x10" is not a number written in decimal digits: enter a whole number from 100 to 120,000'],
    [
      'Infinity',
      '"Infinity" is not a number written in decimal digits: enter a whole number from 100 to 120,000',
    ],
    ['1,000', '"1,000" is not a number: enter a whole number from 100 to 120,000'],
  ])('%j is not written in decimal digits → %s', (text, problem) => {
    expect(readWholeNumber(text, timeout)).toEqual({ value: null, problem });
  });

  it('reads a whole number in range as typed, never clamped', () => {
    expect(readWholeNumber(' 5000 ', timeout)).toEqual({ value: 5000, problem: null });
    expect(readWholeNumber('1', attempts)).toEqual({ value: 1, problem: null });
    expect(readWholeNumber('0', hold)).toEqual({ value: 0, problem: null });
  });

  it('reads a backoff list item by item, and its length by the schema', () => {
    const count = (list: number[]) => {
      const checked = shape.backoffMs.safeParse(list);
      return checked.success ? null : `The list ${checked.error.issues[0]?.message ?? ''}`;
    };
    expect(readWholeNumberList('1000, 5000', backoff, count)).toEqual({ value: [1000, 5000], problem: null });
    expect(readWholeNumberList('-5, x', backoff, count).problem).toBe(
      '-5 is below 0: enter whole numbers from 0 to 3,600,000, separated by commas',
    );
    expect(readWholeNumberList('1000, x', backoff, count).problem).toBe(
      '"x" is not a number: enter whole numbers from 0 to 3,600,000, separated by commas',
    );
    expect(readWholeNumberList(' , ', backoff, count).problem).toBe(
      'Empty: enter whole numbers from 0 to 3,600,000, separated by commas',
    );
    expect(readWholeNumberList(Array(21).fill('1').join(','), backoff, count).problem).toBe(
      'The list must have at most 20 items',
    );
  });
});

// The JWT inspector's Lifetime clamped 0 to 1 and 999999 to 1440 as Sign was clicked; its limit
// was not the one `jwt sign --ttl` has (168h).
describe("the JWT inspector's Lifetime box", () => {
  const lifetime = rangeOfSchema(signedLifetimeMinutesSchema);
  const read = (text: string) =>
    readWholeNumberOrEmpty(text, lifetime, { means: 'profile', for: "for the signing profile's lifetime" });

  it('takes whole minutes up to the week jwt sign --ttl takes (168h)', () => {
    expect(lifetime).toEqual({ min: 1, max: 10_080 });
    expect(lifetime.max * 60).toBe(SIGNED_LIFETIME_MAX_SECONDS);
  });

  it('reads empty as the default, a number as typed, and says what is wrong with anything else', () => {
    expect(read('  ')).toEqual({ value: 'profile', problem: null });
    expect(read(' 10080 ')).toEqual({ value: 10_080, problem: null });
    expect(read('0').problem).toBe(
      "0 is below 1: enter a whole number from 1 to 10,080, or leave it empty for the signing profile's lifetime",
    );
    expect(read('999999').problem).toBe(
      "999999 is above 10,080: enter a whole number from 1 to 10,080, or leave it empty for the signing profile's lifetime",
    );
    expect(read('1.5').problem).toMatch(/^1\.5 is not a whole number: /);
  });
});

// A form's number box (the profile form, the Listener settings) put Mantine's reading of a paste
// in its field: `44,056` saved as 44, `1.5e3` as 1. The field now holds the text's number only
// when the text is one, in decimal digits, or else the text, and main's schema says what is wrong.
describe("a form number box's field, judged by main's schema", () => {
  const judge = (schema: z.ZodType, text: string) => {
    const checked = schema.safeParse(readFieldNumber(text));
    return checked.success
      ? { value: checked.data }
      : { problem: fieldNumberProblem(text, checked.error.issues[0]?.message ?? '') };
  };
  const { listenerPort, signedTokenMinutes } = profileFieldsSchema.shape;
  const { responseDelayMs } = listenerSettingsSchema.shape;

  it.each([
    // The refused text quoted, in the CLI's words (`--listener-port: must be a whole number (not "44,056")`).
    [listenerPort, '44,056', 'The listener port must be a whole number (not "44,056")'],
    [listenerPort, '8080.5', 'The listener port must be a whole number (not "8080.5")'],
    [listenerPort, '70000', 'The listener port must be between 0 and 65535 (0 picks a free port)'],
    [listenerPort, '', 'The listener port must be a whole number'],
    [
      signedTokenMinutes,
      '2e2',
      'The token lifetime must be a number of minutes, written in decimal digits (not "2e2")',
    ],
    [signedTokenMinutes, '15 min', 'The token lifetime must be a number of minutes (not "15 min")'],
    [
      responseDelayMs,
      '1.5e3',
      'The response delay must be a number, written in decimal digits (not "1.5e3")',
    ],
    [responseDelayMs, '2.5s', 'The response delay must be a number (not "2.5s")'],
    [responseDelayMs, '2.5', 'The response delay must be whole milliseconds (not "2.5")'],
    [
      responseDelayMs,
      ' 0x10 ',
      'The response delay must be a number, written in decimal digits (not "0x10")',
    ],
  ])("%#: %j is refused in its field's words", (schema, text, problem) => {
    expect(judge(schema, text)).toEqual({ problem });
  });

  it('takes a number written in decimal digits as written', () => {
    expect(judge(listenerPort, ' 44056 ')).toEqual({ value: 44_056 });
    expect(judge(listenerPort, '0')).toEqual({ value: 0 });
    expect(judge(signedTokenMinutes, '+200')).toEqual({ value: 200 });
    expect(judge(responseDelayMs, '1500.')).toEqual({ value: 1500 });
  });

  it('keeps any other text as it is, for the schema to refuse', () => {
    expect(readFieldNumber('44,056')).toBe('44,056');
    expect(readFieldNumber(' 1.5e3 ')).toBe(' 1.5e3 ');
    expect(readFieldNumber('8080.5')).toBe(8080.5);
  });
});
