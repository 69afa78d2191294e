import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { NewEvent } from '../../src/main/store/events-repository';
import { matchSummary } from '../../src/renderer/src/features/timeline/summary-matches-filter';
import type { EventFilter } from '../../src/shared/event-filter';
import type { TimelineSummary } from '../../src/shared/events';
import { openTempConsole } from './helpers/temp-console';

const ORDER_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ORDER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

let core: ConsoleCore;
let dispose: () => Promise<void>;
let all: TimelineSummary[] = [];

const records: NewEvent[] = [
  { kind: 'request', profileId: 1, status: 200, orderId: ORDER_A, atMs: Date.parse('2026-01-15T10:00:00Z') },
  {
    kind: 'webhook',
    profileId: 1,
    status: 200,
    orderId: ORDER_A,
    eventType: 'order_approved',
    tokenVerdict: 'valid',
    bodyVerdict: 'event',
    atMs: Date.parse('2026-01-15T10:01:00Z'),
  },
  {
    kind: 'webhook',
    profileId: 2,
    status: 401,
    orderId: ORDER_B,
    eventType: 'order_captured',
    tokenVerdict: 'invalid_signature',
    bodyVerdict: 'event',
    atMs: Date.parse('2026-01-15T10:02:00Z'),
  },
  {
    kind: 'delivery',
    profileId: 1,
    status: null,
    orderId: ORDER_B,
    atMs: Date.parse('2026-01-15T10:03:00Z'),
  },
  {
    kind: 'webhook',
    status: 503,
    tokenVerdict: 'missing',
    bodyVerdict: 'invalid_json',
    imported: true,
    atMs: Date.parse('2026-01-15T10:04:00Z'),
  },
  { kind: 'replay', relatedId: 2, status: 302, atMs: Date.parse('2026-01-15T10:05:00Z') },
  { kind: 'forward', relatedId: 2, status: 599, atMs: Date.parse('2026-01-15T10:06:00Z') },
  // Profile 2 (Sandbox) was called Staging when this was stored: by name it is Staging's, not
  // Sandbox's, though it carries id 2.
  { kind: 'request', profileId: 2, profileName: 'Staging', atMs: Date.parse('2026-01-15T10:07:00Z') },
  { kind: 'request', profileId: 2, profileName: 'SANDBOX', atMs: Date.parse('2026-01-15T10:08:00Z') },
  // A removed profile's record, whose name a profile has again.
  { kind: 'request', profileId: 9, profileName: 'sandbox', atMs: Date.parse('2026-01-15T10:09:00Z') },
  // NOCASE folds ASCII letters only: Été and ÉTÉ are two names to the database.
  { kind: 'request', profileId: 9, profileName: 'Été', atMs: Date.parse('2026-01-15T10:10:00Z') },
  // Another console's request, still waiting when it exported it: no answer of any kind (`none`),
  // never `unanswered` (nothing says it was sent whole).
  { kind: 'request', imported: true, atMs: Date.parse('2026-01-15T10:11:00Z') },
];

/** The profiles' current names, as the window's profiles store knows them. */
let profileNameOf: (id: number) => string | undefined = () => undefined;

beforeAll(async () => {
  ({ core, dispose } = await openTempConsole());
  core.recorder.recordMany(records);
  all = core.eventsQuery.page({}, { limit: 100 }).items;
  const names = new Map(core.profiles.snapshot().profiles.map((profile) => [profile.id, profile.name]));
  profileNameOf = (id) => names.get(id);
});
afterAll(() => dispose());

const FILTERS: EventFilter[] = [
  {},
  { kinds: ['webhook'] },
  { kinds: ['replay', 'forward'] },
  { profileId: 1 },
  { profileId: 2, kinds: ['webhook'] },
  { profileId: 2 },
  { profileId: 3 },
  { profileName: 'staging' },
  { profileName: 'Sandbox' },
  { profileName: 'ÉTÉ' },
  { profileName: 'Été' },
  { profileName: 'Nobody' },
  { orderId: ORDER_B },
  { eventType: 'order_captured' },
  { tokenVerdicts: ['valid', 'missing'] },
  { bodyVerdicts: ['invalid_json'] },
  { tokenVerdicts: ['invalid_signature'], bodyVerdicts: ['event'] },
  { statuses: ['2xx'] },
  { statuses: ['4xx', '5xx'] },
  { statuses: ['3xx'] },
  { statuses: ['none'] },
  { statuses: [401, 'none'] },
  { statuses: [599] },
  { statuses: ['unanswered'] },
  { statuses: ['none'], imported: true },
  { relatedId: 2 },
  { ids: [1, 3, 5] },
  { imported: true },
  { imported: false, kinds: ['webhook'] },
  { from: '2026-01-15T10:02:00Z' },
  { to: '2026-01-15T10:02:00Z' },
  { from: '2026-01-15T10:01:00Z', to: '2026-01-15T10:03:00.000+00:00' },
  { kinds: [], statuses: [] },
];

describe('the client-side filter match agrees with the database', () => {
  it.each(FILTERS)('%j', (filter) => {
    const fromDatabase = core.eventsQuery
      .page(filter, { limit: 100 })
      .items.map((item) => item.id)
      .sort();
    const inWindow = all
      .filter((summary) => matchSummary(summary, filter, profileNameOf) === 'match')
      .map((item) => item.id)
      .sort();
    expect(inWindow).toEqual(fromDatabase);
    expect(all.some((summary) => matchSummary(summary, filter, profileNameOf) === 'ask-main')).toBe(false);
  });

  it('asks main under a profile filter while the window does not know that profile’s name', () => {
    const renamed = all.find((summary) => summary.profileName === 'Staging');
    if (renamed === undefined) throw new Error('seed');
    expect(matchSummary(renamed, { profileId: 2 })).toBe('ask-main');
    expect(core.eventsQuery.page({ profileId: 2, ids: [renamed.id] }, { limit: 1 }).items).toEqual([]);
  });
});

describe('a webhook naming order_id twice', () => {
  it('is asked of main under the order it names first, which finds it; under its own it matches', () => {
    const body = `{"order_id":"${ORDER_A}","order_id":"${ORDER_B}","event_type":"order_approved","data":[]}`;
    // Recorded after the cases above read the database; the summary is the one a push carries.
    const [summary] = core.recorder.recordMany([
      {
        kind: 'webhook',
        orderId: ORDER_B,
        eventType: 'order_approved',
        tokenVerdict: 'valid',
        bodyVerdict: 'event',
        requestBody: Buffer.from(body),
        details: {
          body: {
            verdict: 'event',
            findings: [
              {
                severity: 'warning',
                path: 'order_id',
                message: 'order_id is given 2 times in one object; only the last one counts here.',
              },
            ],
          },
        },
      },
    ]);
    if (summary === undefined) throw new Error('seed');
    expect(matchSummary(summary, { orderId: ORDER_B })).toBe('match');
    // The window cannot see the body's first order_id: main answers, as it does for text.
    expect(matchSummary(summary, { orderId: ORDER_A })).toBe('ask-main');
    expect(core.eventsQuery.page({ orderId: ORDER_A, ids: [summary.id] }, { limit: 1 }).items).toEqual([
      summary,
    ]);
    // A webhook of another order without a finding is no record of this one.
    const plain = all.find((item) => item.kind === 'webhook' && item.orderId === ORDER_B);
    expect(plain === undefined ? 'seed' : matchSummary(plain, { orderId: ORDER_A })).toBe('no-match');
  });
});

describe('free text', () => {
  it('asks main for records that pass every other field, and rules out the rest locally', () => {
    const filter: EventFilter = { text: 'order_captured', kinds: ['webhook'] };
    const decisions = all.map((summary) => [summary.kind, matchSummary(summary, filter)]);
    expect(decisions.filter(([, decision]) => decision === 'ask-main').map(([kind]) => kind)).toEqual([
      'webhook',
      'webhook',
      'webhook',
    ]);
    expect(decisions.filter(([, decision]) => decision === 'match')).toEqual([]);
  });

  it('matches nothing when only punctuation was typed (as the database does) and ignores blank text', () => {
    const webhook = all.find((summary) => summary.kind === 'webhook');
    if (webhook === undefined) throw new Error('seed');
    expect(matchSummary(webhook, { text: '!!! --' })).toBe('no-match');
    expect(core.eventsQuery.page({ text: '!!! --' }, { limit: 10 }).items).toEqual([]);
    expect(matchSummary(webhook, { text: '   ' })).toBe('match');
  });
});
