import { describe, expect, it } from 'vitest';
import {
  answerChecks,
  equalityCheck,
  fieldChecks,
  formatCheckDiff,
} from '../../src/shared/scenarios/expectations';
import type { CheckResult } from '../../src/shared/scenarios/scenario-results';

const diffOf = (check: CheckResult | undefined) => (check === undefined ? [] : formatCheckDiff(check));

// An absent value was written as the string "(missing)" (and an unknown order state as
// "(unknown)"): `fields: { /no_such_field: "(missing)" }` failed with `- expected "(missing)"`
// beside `+ actual "(missing)"`, and JSON could not tell the absence from that string.
describe('an absent value in a check', () => {
  it('is null marked absent, said "absent", never a string that a field could hold', () => {
    const [check] = fieldChecks({ here: 1 }, { fields: { '/no_such_field': '(missing)' } });
    expect(check).toEqual({
      what: '/no_such_field',
      expected: '(missing)',
      actual: null,
      actualAbsent: true,
      passed: false,
    });
    expect(diffOf(check)).toEqual(['/no_such_field', '  - expected  "(missing)"', '  + actual    absent']);
  });

  it('a field present as null is null, not absent', () => {
    const [check] = fieldChecks({ gone: null }, { fields: { '/gone': 'x' } });
    expect(check).toEqual({ what: '/gone', expected: 'x', actual: null, passed: false });
    expect(diffOf(check)).toEqual(['/gone', '  - expected  "x"', '  + actual    null']);
  });

  it('a field expected absent says so on the expected side', () => {
    const [check] = fieldChecks({ here: '(missing)' }, { absent: ['/here'] });
    expect(check).toEqual({
      what: '/here',
      expected: null,
      expectedAbsent: true,
      actual: '(missing)',
      passed: false,
    });
    expect(diffOf(check)).toEqual(['/here', '  - expected  absent', '  + actual    "(missing)"']);
    expect(fieldChecks({}, { absent: ['/here'], present: ['/there'] })).toEqual([
      { what: '/there', expected: '(present)', actual: null, actualAbsent: true, passed: false },
      { what: '/here', expected: null, expectedAbsent: true, actual: null, actualAbsent: true, passed: true },
    ]);
  });

  it('an order state not known is absent, not the state "(unknown)"', () => {
    expect(equalityCheck('order state', 'approved', undefined)).toEqual({
      what: 'order state',
      expected: 'approved',
      actual: null,
      actualAbsent: true,
      passed: false,
    });
  });

  // `expect: { errorCode: X }` on an answer with no errors said `+ actual "(none)"`, and its JSON
  // `"actual": "(none)"` with no actualAbsent: the string an error code could be.
  it('an answer with no error codes has its error code absent, not "(none)"', () => {
    const answer = { status: 200, failure: null, errorCodes: [], json: {} };
    const [, check] = answerChecks({ status: 200, errorCode: 'invalid_field' }, answer);
    expect(check).toEqual({
      what: 'errors[].error_code',
      expected: 'invalid_field',
      actual: null,
      actualAbsent: true,
      passed: false,
    });
    expect(diffOf(check)).toEqual([
      'errors[].error_code',
      '  - expected  "invalid_field"',
      '  + actual    absent',
    ]);
    const [, carried] = answerChecks(
      { status: 400, errorCode: 'invalid_field' },
      { ...answer, status: 400, errorCodes: ['required'] },
    );
    expect(carried).toEqual({
      what: 'errors[].error_code',
      expected: 'invalid_field',
      actual: ['required'],
      passed: false,
    });
  });
});
