import { z } from 'zod';
import { hasSpecDateShape, parseSpecDate } from './dates';
import { isAbsoluteUri } from './absolute-uri';
import { isEmailAddress } from './email-address';
import {
  addRuleIssue,
  checkLength,
  gate,
  isNumber,
  isString,
  requiredRuleOf,
  ruleName,
  whenTyped,
  type Ctx,
  type FieldRef,
  type TextLimits,
} from './field-rule-core';
import { describeValue, isPlainObject } from './findings';

export {
  addRuleIssue,
  gate,
  ruleName,
  type FieldRef,
  type GateOptions,
  type RuleParams,
  type TextLimits,
} from './field-rule-core';

/**
 * Leaf builders for the request schemas. Every issue they raise is a zod `custom` issue whose
 * `params` say which finding it is (`code`) and which spec rule it comes from (`rule`), so
 * `validateCheckout` can turn zod's output into findings without guessing, and react-hook-form
 * still shows each issue's `message` under its field.
 */

/** A required string: present and not empty. */
export function requiredText(field: FieldRef, limits: TextLimits = {}) {
  return gate<string>(field, isString, 'a string')
    .check(
      whenTyped(isString, (value, ctx) => {
        if (value === '')
          addRuleIssue(
            ctx,
            field,
            'required',
            requiredRuleOf(field),
            `${field.key} is required and is empty.`,
          );
      }),
    )
    .check(checkLength(field, limits));
}

/**
 * An optional string: may be absent or "". Every optional text leaf lets "" through without a
 * finding of its own; whether "" earns a warning is one rule for all of them (empty-optional.ts).
 */
export function optionalText(field: FieldRef, limits: TextLimits = {}) {
  return gate<string>(field, isString, 'a string').check(checkLength(field, limits)).optional();
}

/** The value check of a text leaf; an optional leaf skips "" (judged in empty-optional.ts). */
function judgeText(optional: boolean, judge: (value: string, ctx: Ctx) => void) {
  return whenTyped(isString, (value, ctx) => {
    if (optional && value === '') return;
    judge(value, ctx);
  });
}

function uriLeaf(field: FieldRef, limits: TextLimits, optional: boolean) {
  return gate<string>(field, isString, 'a URI string')
    .check(checkLength(field, limits))
    .check(
      judgeText(optional, (value, ctx) => {
        if (!isAbsoluteUri(value))
          addRuleIssue(
            ctx,
            field,
            'invalid_uri',
            `${ruleName(field)} — a URI`,
            `${field.key} must be an absolute URI such as https://shop.example.com/…; got ${describeValue(value)}.`,
          );
      }),
    );
}

/** A required absolute URI. */
export const uri = (field: FieldRef, limits: TextLimits = {}) => uriLeaf(field, limits, false);
/** An optional absolute URI: absent, "" or a URI. */
export const optionalUri = (field: FieldRef, limits: TextLimits = {}) =>
  uriLeaf(field, limits, true).optional();

function emailLeaf(field: FieldRef, limits: TextLimits, optional: boolean) {
  return gate<string>(field, isString, 'an e-mail address')
    .check(checkLength(field, limits))
    .check(
      judgeText(optional, (value, ctx) => {
        if (!isEmailAddress(value))
          addRuleIssue(
            ctx,
            field,
            'invalid_email',
            `${ruleName(field)} — e-mail format`,
            `${field.key} must be an e-mail address like name@example.com; got ${describeValue(value)}.`,
          );
      }),
    );
}

/** A required e-mail address. */
export const email = (field: FieldRef, limits: TextLimits = {}) => emailLeaf(field, limits, false);
/** An optional e-mail address: absent, "" or an address. */
export const optionalEmail = (field: FieldRef, limits: TextLimits = {}) =>
  emailLeaf(field, limits, true).optional();

function checkSpecDate(field: FieldRef, optional = false) {
  return judgeText(optional, (value, ctx) => {
    const rule = `${ruleName(field)} — format dd-mm-yyyy`;
    if (!hasSpecDateShape(value))
      addRuleIssue(
        ctx,
        field,
        'invalid_date_format',
        rule,
        `${field.key} must be written dd-mm-yyyy (for example 05-03-2024); got ${describeValue(value)}.`,
      );
    else if (parseSpecDate(value) === undefined)
      addRuleIssue(ctx, field, 'not_a_real_date', rule, `${field.key} ${value} is not a real calendar date.`);
  });
}

/** `dd-mm-yyyy`, a day that exists. */
export function specDate(field: FieldRef) {
  return gate<string>(field, isString, 'a date string dd-mm-yyyy').check(checkSpecDate(field));
}

/** `dd-mm-yyyy` or null: "Null if this is the first order". */
export function nullableSpecDate(field: FieldRef) {
  return gate<string | null>(
    field,
    (value) => value === null || isString(value),
    'a date string dd-mm-yyyy, or null',
  ).check(checkSpecDate(field));
}

/** An optional `dd-mm-yyyy` date: absent, "" or a day that exists. */
export function optionalSpecDate(field: FieldRef) {
  return gate<string>(field, isString, 'a date string dd-mm-yyyy')
    .check(checkSpecDate(field, true))
    .optional();
}

export interface IntegerRange {
  min?: number;
  max?: number;
  rangeRule?: string;
}

export function integer(field: FieldRef, range: IntegerRange = {}) {
  return gate<number>(field, isNumber, 'a whole number').check(
    whenTyped(isNumber, (value, ctx) => {
      const rangeRule = `${ruleName(field)} — ${range.rangeRule ?? 'integer'}`;
      if (!Number.isInteger(value))
        addRuleIssue(
          ctx,
          field,
          'not_integer',
          `${ruleName(field)} — integer`,
          `${field.key} must be a whole number; got ${value}.`,
        );
      else if (range.min !== undefined && value < range.min)
        addRuleIssue(
          ctx,
          field,
          'below_minimum',
          rangeRule,
          `${field.key} is ${value}; the minimum is ${range.min}.`,
        );
      else if (range.max !== undefined && value > range.max)
        addRuleIssue(
          ctx,
          field,
          'above_maximum',
          rangeRule,
          `${field.key} is ${value}; the maximum is ${range.max}.`,
        );
    }),
  );
}

export function decimal(field: FieldRef) {
  return gate<number>(field, isNumber, 'a number');
}

export function bool(field: FieldRef) {
  return gate<boolean>(field, (value) => typeof value === 'boolean', 'true or false');
}

export function oneOf<const V extends readonly [string, ...string[]]>(field: FieldRef, values: V) {
  const list = values.join(', ');
  return gate<V[number]>(
    field,
    (value) => typeof value === 'string' && values.includes(value),
    `one of ${list}`,
    { code: 'not_one_of' },
  );
}

/** An optional choice: absent, "" (judged in empty-optional.ts) or one of `values`. */
export function optionalChoice<const V extends readonly [string, ...string[]]>(field: FieldRef, values: V) {
  return gate<V[number] | ''>(
    field,
    (value) => typeof value === 'string' && (value === '' || values.includes(value)),
    `one of ${values.join(', ')}`,
    { code: 'not_one_of' },
  ).optional();
}

/**
 * An object gate in front of a shape, so a non-object is a finding with a rule, not a bare zod
 * error. `refine` sees the object even when some of its fields failed (checks on the outer pipe
 * would be skipped then), and must read it defensively.
 */
export function objectOf<Shape extends z.ZodRawShape>(
  field: FieldRef,
  shape: Shape,
  refine?: (
    value: z.output<z.ZodObject<Shape>>,
    ctx: z.core.$RefinementCtx<z.output<z.ZodObject<Shape>>>,
  ) => void,
) {
  const inner = z.object(shape);
  const checked = refine === undefined ? inner : inner.superRefine(refine, { when: () => true });
  return gate<z.input<typeof inner>>(field, isPlainObject, 'an object').pipe(checked);
}

export function arrayOf<Item extends z.ZodType>(field: FieldRef, item: Item) {
  const inner = z.array(item);
  return gate<z.input<typeof inner>>(field, Array.isArray, 'an array').pipe(inner);
}

/** The extra risk fields: "types and requirement rules: not shown", so any JSON value. */
export const anyJson = () => z.unknown().optional();
