import { expect, it } from 'vitest';
import {
  validateCheckout,
  withComputedTotal,
  type CheckoutForm,
  type FindingCode,
  type ValidateOptions,
} from '../../../src/shared/checkout';
import { brief, deleteAt, fixture, setAt, type Payload } from './checkout-payloads';

/** An edit of a payload: mutates it in place, or returns a replacement. */
export type Edit = (payload: Payload) => Payload | undefined;

export const set =
  (path: string, value: unknown): Edit =>
  (payload) => {
    setAt(payload, path, value);
    return undefined;
  };
export const del =
  (path: string): Edit =>
  (payload) => {
    deleteAt(payload, path);
    return undefined;
  };
export const all =
  (...edits: Edit[]): Edit =>
  (payload) =>
    edits.reduce<Payload>((current, edit) => edit(current) ?? current, payload);
/** total_amount recomputed from the parts, so an amount edit breaks only the rule under test. */
export const retotal: Edit = (payload) => withComputedTotal(payload) as Payload;
export const noEdit: Edit = () => undefined;

export interface RuleRow {
  rule: string;
  forms?: readonly CheckoutForm[];
  options?: Omit<ValidateOptions, 'form'>;
  /** The payload the edits start from; default the form's fixture. */
  base?: (form: CheckoutForm) => Payload;
  bad: Edit;
  path: string;
  code: FindingCode;
  severity?: 'error' | 'warning';
  /** What the finding's message must say (the value and the limit). */
  message?: RegExp;
  /** A valid neighbour of the bad payload (often the boundary value); must have no finding at all. */
  good?: Edit;
}

const apply = (edit: Edit, payload: Payload) => edit(payload) ?? payload;

/** One test per row and form: the bad payload has the finding (path, code, severity); the good one is clean. */
export function ruleTable(rows: readonly RuleRow[]): void {
  const cases = rows.flatMap((row) =>
    (row.forms ?? (['general', 'education'] as const)).map((form) => ({
      name: `${row.rule} [${form}]`,
      row,
      form,
    })),
  );
  it.each(cases)('$name', ({ row, form }) => {
    const base = row.base ?? fixture;
    const options = { form, ...row.options };
    const findings = validateCheckout(apply(row.bad, base(form)), options);
    const hit = findings.find((finding) => finding.path === row.path && finding.code === row.code);
    expect(hit, `expected ${row.code} at ${row.path}; got:\n${brief(findings).join('\n')}`).toBeDefined();
    expect(hit?.severity).toBe(row.severity ?? 'error');
    expect(hit?.rule.length).toBeGreaterThan(0);
    if (row.message !== undefined) expect(hit?.message).toMatch(row.message);
    const good = validateCheckout(apply(row.good ?? noEdit, base(form)), options);
    expect(brief(good)).toEqual([]);
  });
}
