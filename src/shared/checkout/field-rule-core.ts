import { z } from 'zod';
import { describeValue, type FindingCode } from './findings';
import { formatCount } from '../count-format';
import { characterCount } from './text-length';

/**
 * What every field rule is made of (field-rules.ts builds the leaves from it): the field as the
 * spec names it, the issue that carries its finding code and rule, the type gate, and the
 * length check shared by every text.
 */

/** A field as the spec's tables name it: `{ table: 'Item', key: 'sku' }` → rule prefix `Item: sku`. */
export interface FieldRef {
  table: string;
  key: string;
  /** The rule quoted when the field is missing; default `<table>: <key> — required`. */
  requiredRule?: string;
  /** The rule quoted when the value has the wrong type; default `<table>: <key> — <expected type>`. */
  typeRule?: string;
}

export interface RuleParams {
  code: FindingCode;
  rule: string;
  requiredRule: string;
}

export const ruleName = (field: FieldRef) => `${field.table}: ${field.key}`;
export const requiredRuleOf = (field: FieldRef) => field.requiredRule ?? `${ruleName(field)} — required`;

export type Ctx = z.core.ParsePayload<unknown>;

/** Adds one rule-carrying issue; `path` is relative to the schema the check sits on. */
export function addRuleIssue(
  ctx: Ctx,
  field: FieldRef,
  code: FindingCode,
  rule: string,
  message: string,
  path: PropertyKey[] = [],
): void {
  const params: RuleParams = { code, rule, requiredRule: requiredRuleOf(field) };
  ctx.issues.push({ code: 'custom', message, input: ctx.value, path, params });
}

export interface GateOptions {
  /** The finding code when the guard fails on a present value; default `wrong_type`. */
  code?: FindingCode;
  /** The rule quoted when the guard fails; default `<table>: <key> — <expected>`. */
  rule?: string;
  /** The message for a present value that fails; default "<key> must be <expected>; got …". */
  message?: (input: unknown) => string;
}

/** The type gate of a field: a failing value is `wrong_type` (or `options.code`); a missing one becomes `required`. */
export function gate<T>(
  field: FieldRef,
  guard: (value: unknown) => boolean,
  expected: string,
  options: GateOptions = {},
) {
  const params: RuleParams = {
    code: options.code ?? 'wrong_type',
    rule: options.rule ?? field.typeRule ?? `${ruleName(field)} — ${expected}`,
    requiredRule: requiredRuleOf(field),
  };
  return z.custom<T>(guard, {
    params,
    // Not aborting: refinements higher up (money decimals, cross-field rules) still run.
    abort: false,
    error: (issue) =>
      issue.input === undefined
        ? `${field.key} is required (${expected}).`
        : (options.message?.(issue.input) ??
          `${field.key} must be ${expected}; got ${describeValue(issue.input)}.`),
  });
}

/** Runs `fn` only on values that passed the type gate (zod may still call checks after a failure). */
export function whenTyped<T>(guard: (value: unknown) => value is T, fn: (value: T, ctx: Ctx) => void) {
  return (ctx: Ctx) => {
    if (guard(ctx.value)) fn(ctx.value, ctx);
  };
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export interface TextLimits {
  maxLength?: number;
  /** The spec's wording of the limit, quoted in the rule: "maximum 255 characters". */
  maxRule?: string;
}

export function checkLength(field: FieldRef, limits: TextLimits) {
  return whenTyped(isString, (value, ctx) => {
    const max = limits.maxLength;
    // Characters, not UTF-16 units: a cheap bound first, so only long texts are counted.
    if (max === undefined || value.length <= max) return;
    const length = characterCount(value);
    if (length <= max) return;
    addRuleIssue(
      ctx,
      field,
      'too_long',
      `${ruleName(field)} — ${limits.maxRule ?? `maximum ${max} characters`}`,
      `${field.key} is ${formatCount(length)} characters long; the maximum is ${formatCount(max)}.`,
    );
  });
}
