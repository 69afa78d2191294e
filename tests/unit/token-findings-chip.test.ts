import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { createEventsRepository, type NewEvent } from '../../src/main/store/events-repository';
import { verdictLook } from '../../src/renderer/src/features/jwt/verdict-look';
import { formatWebhookLine } from '../../src/main/cli/commands/listen';
import { timelineSummary } from './helpers/timeline-summary';

// A webhook whose token was valid but came only in ?serviceToken= showed a plain green "valid"
// in the Timeline's and History's rows: only the record's detail and history --json said the
// Authorization header was missing. A token is judged once, and every list draws it so.

const ONLY_IN_QUERY =
  'The token came only in the ?serviceToken= query parameter; the service sends it in both the ?serviceToken= query parameter and the Authorization: Bearer header, so the Authorization: Bearer header is missing.';

/** A webhook as the listener stores it: its token's verdict with its findings in details.token. */
const webhook = (findings: { severity: 'warning'; path: string; message: string }[]): NewEvent => ({
  kind: 'webhook',
  tokenVerdict: 'valid',
  bodyVerdict: 'event',
  details: {
    token: { verdict: 'valid', reason: 'ok', checks: [], findings },
    body: { verdict: 'event', findings: [] },
  },
  atMs: 1_000,
});

describe("a valid token's findings, in every list", () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, migrations);
  });
  afterEach(() => db.close());

  it('the inserted, read-back and listed summaries carry its findings', () => {
    const repository = createEventsRepository(db);
    const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
    const inserted = repository.insert(
      webhook([{ severity: 'warning', path: 'Authorization', message: ONLY_IN_QUERY }]),
    );
    expect(inserted.tokenFindings).toEqual([ONLY_IN_QUERY]);
    expect(repository.getSummary(inserted.id)).toEqual(inserted);
    expect(repository.getDetail(inserted.id)?.tokenFindings).toEqual([ONLY_IN_QUERY]);
    expect(query.page({}, { limit: 10 }).items).toEqual([inserted]);
    // A clean token has none; a record with no token judged, no list of them.
    const clean = repository.insert(webhook([]));
    expect(repository.getSummary(clean.id)?.tokenFindings).toEqual([]);
    const request = repository.insert({ kind: 'request', details: {}, atMs: 2_000 });
    expect(repository.getSummary(request.id)?.tokenFindings).toBeNull();
  });

  it('a record whose stored findings are no list (an import that said "oops") still lists, with none', () => {
    const repository = createEventsRepository(db);
    const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
    const odd: NewEvent[] = ['oops', 1, { message: 'x' }, null].map((findings) => ({
      ...webhook([]),
      details: { token: { verdict: 'valid', reason: 'ok', checks: [], findings } },
    }));
    const ids = odd.map((event) => repository.insert(event).id);
    const listed = query.page({}, { limit: 10 }).items;
    expect(listed.map((item) => item.id).sort()).toEqual([...ids].sort());
    for (const item of listed) expect(item.tokenFindings).toBeNull();
    for (const id of ids) expect(repository.getSummary(id)?.tokenFindings).toBeNull();
  });

  it('draws "valid · 1 warning" in amber, its title listing them, never a plain green valid', () => {
    const look = verdictLook({ kind: 'token', verdict: 'valid', findings: [ONLY_IN_QUERY] });
    expect(look).toMatchObject({ label: 'valid · 1 warning', good: false, findings: 1 });
    expect(look.color).not.toBe('green');
    expect(look.meaning).toContain(ONLY_IN_QUERY);
    // Without findings, as before.
    expect(verdictLook({ kind: 'token', verdict: 'valid', findings: [] })).toMatchObject({
      label: 'valid',
      color: 'green',
      good: true,
    });
    // A bad verdict keeps its own colour, and says its warnings too.
    expect(verdictLook({ kind: 'token', verdict: 'expired', findings: ['a', 'b'] })).toMatchObject({
      label: 'expired · 2 warnings',
      color: 'orange',
      good: false,
    });
  });

  it('listen prints the label the window shows', () => {
    const line = formatWebhookLine(timelineSummary(1, new Date(0), { tokenFindings: [ONLY_IN_QUERY] }));
    expect(line).toContain('token=valid · 1 warning');
    expect(formatWebhookLine(timelineSummary(2, new Date(0), { tokenFindings: [] }))).toContain(
      'token=valid  ',
    );
  });
});
