import { describe, expect, it } from 'vitest';
import { type CheckoutForm } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { sortInDocumentOrder } from '../../src/shared/checkout/document-order';
import { EMPTY_OPTIONAL_CHOICES } from '../../src/shared/checkout/empty-optional';
import type { RawFinding } from '../../src/shared/checkout/findings';
import { walkRequest, type RequestWalkOptions } from '../../src/shared/checkout/request-walk';
import { fixture } from './helpers/checkout-payloads';
import { prng, type Random } from './helpers/prng';
import { separateWalks } from './helpers/separate-request-walks';

/**
 * validateCheckout walks a request once for the depth check, the optional fields given null or
 * "", the texts of only blanks and the unknown keys (request-walk.ts). Each was a walk of its
 * own before; those walks are kept in helpers/separate-request-walks.ts, and here the one walk
 * is held to their answers (the same findings, words, paths, weights; the same request read
 * without its nulls; the same depth answer) for every single change of every value of valid
 * requests of each form, and random changes of several at once, under each setting and
 * notification field. Unknown keys are held to their own reference in
 * checkout-validation-paths.test.ts. The findings are compared in document order, as
 * validateCheckout gives them (the separate walks met them in the catalogue's order).
 */

type Path = (string | number)[];
type Container = Record<string | number, unknown>;

function pathsOf(node: unknown, prefix: Path = [], found: Path[] = []): Path[] {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    const path = [...prefix, Array.isArray(node) ? Number(key) : key];
    found.push(path);
    pathsOf(value, path, found);
  }
  return found;
}

/** A key left out; an element taken out (JSON has no holes in an array). */
function leaveOut(parent: Container, key: string | number) {
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else Reflect.deleteProperty(parent, key);
}

function changedAt(payload: unknown, path: Path, change: (parent: Container, key: string | number) => void) {
  const copy = structuredClone(payload);
  let parent = copy as Container;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Container;
  const key = path.at(-1);
  if (key !== undefined) change(parent, key);
  return copy;
}

/** `levels` objects (or arrays) inside each other. */
function nested(levels: number, array: boolean): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = array ? [value] : { deeper: value };
  return value;
}

/** Objects held twice at each level: 2^levels paths, walked only as far as the first too deep. */
function shared(levels: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < levels; level++) value = { consumer: value, items: [value] };
  return value;
}

/** Values each walk draws a line between: null, "", blanks and not, containers, nestings around the depth limit. */
const CANDIDATES: unknown[] = [
  null,
  '',
  ' ',
  '\t\n',
  '\u200B',
  '\u00A0',
  ' x ',
  'text',
  0,
  false,
  [],
  [null],
  [''],
  ['  '],
  {},
  { unknown_key: null },
  { amount: '', currency: null },
  { name: '   ', emial: '' },
  nested(58, false),
  nested(61, false),
  nested(62, true),
  nested(63, false),
  nested(64, false),
  nested(70, true),
];

const NOTIFICATION_FIELDS = [
  undefined,
  'merchant_url.notification',
  'merchant_url.webhook',
  'notification_url',
];

const FORMS: { form: CheckoutForm; singleCheckout: boolean }[] = [
  { form: 'general', singleCheckout: true },
  { form: 'education', singleCheckout: true },
  { form: 'education', singleCheckout: false },
];

function requestsOf(form: CheckoutForm): unknown[] {
  const now = new Date('2026-11-30T12:00:00Z');
  const withNotification = fixture(form);
  const urls = withNotification['merchant_url'] as Container;
  urls['webhook'] = '';
  withNotification['notification_url'] = null;
  return [
    fixture(form),
    withNotification,
    JSON.parse(JSON.stringify(generateSample(form, { seed: 3, now }))) as unknown,
  ];
}

function randomChange(random: Random, payload: unknown): unknown {
  let changed = payload;
  for (let times = 1 + random.int(4); times > 0; times--) {
    const path = random.pick(pathsOf(changed));
    changed = changedAt(changed, path, (parent, key) => {
      const roll = random.int(10);
      if (roll === 0) leaveOut(parent, key);
      else if (roll === 1 && typeof parent[key] === 'object' && parent[key] !== null)
        (parent[key] as Container)[random.pick(['unknown_key', 'nme', 'line2', 'deeper'])] = structuredClone(
          random.pick(CANDIDATES),
        );
      else parent[key] = structuredClone(random.pick(CANDIDATES));
    });
  }
  return changed;
}

const inOrder = (payload: unknown, findings: readonly RawFinding[]) => sortInDocumentOrder(payload, findings);

// About 24,000 generated requests a form: 3–4 s alone, but over 20 s on CI's two cores beside the
// suite's other files (it timed out there). What it holds is agreement, not speed: time is given.
describe('the one walk over a request (walkRequest)', { timeout: 120_000 }, () => {
  for (const { form, singleCheckout } of FORMS)
    it(`answers as the separate walks did, ${form} form, single checkout ${singleCheckout ? 'on' : 'off'}`, () => {
      const counts = { requests: 0, tooDeep: 0, nulls: 0, empties: 0, blanks: 0 };
      const agree = (payload: unknown, what: () => string) => {
        counts.requests++;
        for (const notificationField of NOTIFICATION_FIELDS)
          for (const choice of EMPTY_OPTIONAL_CHOICES) {
            const options: RequestWalkOptions = { form, singleCheckout, notificationField, choice };
            const walked = walkRequest(payload, options);
            const separate = separateWalks(payload, options);
            // A request too deep is refused with the depth answer only: the rest is not read (the walk stops).
            const answer =
              walked.tooDeep !== null
                ? { tooDeep: walked.tooDeep }
                : {
                    tooDeep: walked.tooDeep,
                    // The request itself where no null was left out, else the copy read without them.
                    judged: walked.judged === payload ? 'the request' : walked.judged,
                    nulls: inOrder(payload, walked.nullFindings),
                    empties: inOrder(payload, walked.emptyFindings),
                    blanks: inOrder(payload, walked.blankFindings),
                  };
            const expected =
              separate.tooDeep !== null
                ? { tooDeep: separate.tooDeep }
                : {
                    tooDeep: separate.tooDeep,
                    judged: separate.judged === payload ? 'the request' : separate.judged,
                    nulls: inOrder(payload, separate.nullFindings),
                    empties: inOrder(payload, separate.emptyFindings),
                    blanks: inOrder(payload, separate.blankFindings),
                  };
            // Compared as text first (toEqual over ~250,000 answers took most of a minute); on a
            // difference, toEqual's message names the case.
            if (JSON.stringify(answer) !== JSON.stringify(expected))
              expect(answer, `${what()}, ${String(notificationField)}, ${choice}`).toEqual(expected);
            if (separate.tooDeep !== null) counts.tooDeep++;
            counts.nulls += separate.nullFindings.length;
            counts.empties += separate.emptyFindings.length;
            counts.blanks += separate.blankFindings.length;
          }
      };
      const random = prng(form === 'general' ? 107 : singleCheckout ? 108 : 109);
      for (const request of requestsOf(form)) {
        agree(request, () => 'the request');
        for (const path of pathsOf(request)) {
          const where = path.join('.');
          agree(changedAt(request, path, leaveOut), () => `${where} left out`);
          for (const candidate of CANDIDATES)
            agree(
              changedAt(request, path, (parent, key) => (parent[key] = structuredClone(candidate))),
              () => `${where} = ${JSON.stringify(candidate).slice(0, 40)}`,
            );
        }
        for (let round = 0; round < 200; round++) {
          const changed = randomChange(random, request);
          agree(changed, () => `random change ${JSON.stringify(changed).slice(0, 2000)}`);
        }
      }
      for (const other of [
        null,
        [],
        'text',
        1,
        {},
        { items: [] },
        nested(65, true),
        [nested(63, false), {}],
        shared(200),
      ])
        agree(other, () => JSON.stringify(other).slice(0, 200));
      // Each answer is met many times (a walk that found nothing would agree with little).
      expect(counts.requests).toBeGreaterThan(4000);
      expect(counts.tooDeep).toBeGreaterThan(500);
      expect(counts.nulls).toBeGreaterThan(2000);
      expect(counts.empties).toBeGreaterThan(2000);
      expect(counts.blanks).toBeGreaterThan(1000);
    });
});
