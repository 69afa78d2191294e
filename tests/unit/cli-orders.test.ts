import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout, notification } from './helpers/order-events';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// Issue 14, "Orders in the terminal too": `orders` and `orders show` say what the Orders view
// says, from the same derivation, so a CI job can assert on an order as a person reads it.

const CAPTURED = '0f8fad5b-d9cb-469f-a165-70867728950e';
const APPROVED = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const KUWAIT = '16fd2706-8baf-433b-82eb-8c7fada847da';
const CAPTURE_ID = '6f1c9b57-2c7e-4f0e-9a53-8a1f0c9d2b11';
const ONLY_IN_QUERY = {
  severity: 'warning',
  path: 'token',
  message:
    'The token came only in the ?serviceToken= query parameter, so the Authorization: Bearer header is missing.',
};

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let replayId = 0;
let contradictionId = 0;
let unverifiedId = 0;
let warnedTokenId = 0;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'orders', ...argv]);

const capture = (amount: string, currency: string, captureId = CAPTURE_ID) => ({
  capture_id: captureId,
  captured_amount: { amount, currency },
});

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const { core } = opened;
  const ids = core.recorder.recordMany([
    createCheckout(CAPTURED, 'REF-CAP', 1_000, 1, { amount: '798.1', currency: 'SAR' }),
    createCheckout(APPROVED, 'REF-APP', 2_000, 1, { amount: '20', currency: 'SAR' }),
    createCheckout(KUWAIT, 'REF-KWD', 3_000, 1, { amount: '12.5', currency: 'KWD' }),
    notification(CAPTURED, 'order_approved', 4_000),
    notification(APPROVED, 'order_approved', 5_000),
    notification(CAPTURED, 'order_captured', 6_000, capture('798.10', 'SAR')),
    // The console's replay of that capture with an edited body: listed, never counted.
    {
      ...notification(CAPTURED, 'order_captured', 7_000, capture('1.999', 'XYZ', 'not-a-uuid')),
      kind: 'replay',
      provenance: 'crafted',
      details: { bodyEdited: true, tokenMode: 'original' },
    },
    // The service's own notification in another currency: a finding, never summed.
    notification(CAPTURED, 'order_captured', 8_000, capture('5.00', 'AED', CAPTURE_ID.replace('6f', '7f'))),
    // Posted to the listener with no token: anyone's, listed beside the order, never counted.
    { ...notification(APPROVED, 'order_captured', 9_000, capture('20.00', 'SAR')), tokenVerdict: 'missing' },
    // A valid token sent only in ?serviceToken=: valid, with a warning the listener recorded.
    {
      ...notification(KUWAIT, 'order_approved', 10_000),
      details: {
        token: { verdict: 'valid', reason: 'ok', checks: [], findings: [ONLY_IN_QUERY] },
        body: { verdict: 'event', findings: [] },
      },
    },
  ]);
  replayId = ids[6]?.id ?? 0;
  contradictionId = ids[7]?.id ?? 0;
  unverifiedId = ids[8]?.id ?? 0;
  warnedTokenId = ids[9]?.id ?? 0;
});

afterAll(async () => dispose());

describe('orders', () => {
  it('lists every order with its state and money in the currency’s decimals', async () => {
    const run = await cli();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ORDER\s+STATE\s+REFERENCE\s+AMOUNT/);
    expect(lines).toHaveLength(4);
    expect(run.stdout).toContain('798.10 SAR');
    expect(run.stdout).toContain('12.500 KWD');
    expect(run.stdout).toMatch(new RegExp(`${CAPTURED}\\s+fully_captured\\s+REF-CAP`));
  });

  it('--json and --state: a family of states or a list, as JSON', async () => {
    const run = await cli('--json', '--state', 'captured');
    expect(run.code).toBe(0);
    const orders = JSON.parse(run.stdout) as { order_id: string; state: string; findings: number }[];
    expect(orders.map((order) => [order.order_id, order.state, order.findings])).toEqual([
      [CAPTURED, 'fully_captured', 1],
    ]);
    const approved = JSON.parse((await cli('--json', '--state', 'approved,new')).stdout) as {
      order_id: string;
    }[];
    expect(approved.map((order) => order.order_id).sort()).toEqual([APPROVED, KUWAIT].sort());
  });

  it('--search finds orders by any part of the order id or reference, as the view’s search does', async () => {
    const run = await cli('--search', 'ref-kwd', '--json');
    expect(run.stderr).toBe('');
    expect((JSON.parse(run.stdout) as { order_id: string }[]).map((order) => order.order_id)).toEqual([
      KUWAIT,
    ]);
    const byId = await cli('--search', APPROVED.slice(9, 18));
    expect(byId.stdout).toContain('REF-APP');
    expect(byId.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('says on standard error when --limit left orders out', async () => {
    const run = await cli('--limit', '1');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(2);
    expect(run.stderr).toBe('1 of 3 orders shown; raise --limit to see the rest\n');
    const json = await cli('--limit', '2', '--json');
    expect(JSON.parse(json.stdout)).toHaveLength(2);
    expect(json.stderr).toBe('2 of 3 orders shown; raise --limit to see the rest\n');
  });

  it('refuses a state it does not know, naming the flag', async () => {
    const run = await cli('--state', 'shipped');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--state');
    expect(run.stderr).toContain('unknown state "shipped"');
    expect(run.stdout).toBe('');
  });
});

describe('orders show', () => {
  it('gives the amounts, the finding, and each record marked as the service’s or the console’s', async () => {
    const run = await cli('show', CAPTURED, '--json');
    expect(run.stderr).toBe('');
    const order = JSON.parse(run.stdout) as {
      state: string;
      currency: string;
      amounts: { total: string; captured: string; refunded: string | null };
      findings: { record_id: number; code: string; message: string }[];
      records: { id: number; provenance: string; evidence: boolean; effect: string }[];
    };
    expect(order.state).toBe('fully_captured');
    expect(order.amounts).toMatchObject({ total: '798.10', captured: '798.10', refunded: null });
    expect(order.currency).toBe('SAR');
    expect(order.findings).toHaveLength(1);
    expect(order.findings[0]).toMatchObject({ record_id: contradictionId });
    expect(order.findings[0]?.message).toContain('AED');
    const replay = order.records.find((record) => record.id === replayId);
    expect(replay).toMatchObject({ provenance: 'crafted', evidence: false });
    expect(replay?.effect).not.toBe('moved');
    // The service's own notification that contradicts the order is its provenance, not evidence.
    expect(order.records.find((record) => record.id === contradictionId)).toMatchObject({
      provenance: 'service',
      evidence: false,
    });
    const moved = order.records.filter((record) => record.effect === 'moved');
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((record) => record.provenance === 'service' && record.evidence)).toBe(true);
  });

  it('in text: the same words as the Orders view', async () => {
    const run = await cli('show', CAPTURED);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/state\s+fully_captured/);
    expect(run.stdout).toMatch(/total\s+798\.10 SAR/);
    expect(run.stdout).toMatch(/captured\s+798\.10 SAR/);
    expect(run.stdout).toMatch(/findings\s+1:/);
    expect(run.stdout).toMatch(new RegExp(`#${replayId}\\s.*console: crafted`));
  });

  it('in text: a webhook whose token did not verify reads `unverified`, never `service`', async () => {
    const run = await cli('show', APPROVED);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/state\s+approved/);
    expect(run.stdout).toMatch(new RegExp(`^#${unverifiedId}\\s+\\S+\\s+webhook\\s+unverified\\s`, 'm'));
    const json = JSON.parse((await cli('show', APPROVED, '--json')).stdout) as {
      records: { id: number; provenance: string; evidence: unknown }[];
    };
    // The stored value is kept: it says the console did not make it, nothing more. `evidence`
    // said `service` of it too; it is the service's provenance, never its evidence.
    expect(json.records.find((record) => record.id === unverifiedId)).toMatchObject({
      provenance: 'service',
      evidence: false,
    });
  });

  it('in text: each record’s status and verdicts, as the Orders view and History give them', async () => {
    const json = JSON.parse((await cli('show', CAPTURED, '--json')).stdout) as {
      records: {
        id: number;
        status: number | null;
        token_verdict: string | null;
        body_verdict: string | null;
      }[];
    };
    const run = await cli('show', CAPTURED);
    expect(run.stdout).toMatch(/^ID\s+AT\s+KIND\s+WHOSE\s+WHAT\s+STATUS\s+TOKEN\s+BODY\s+EFFECT/m);
    const contradiction = json.records.find((record) => record.id === contradictionId);
    expect(contradiction?.token_verdict).toBe('valid');
    const row = run.stdout.split('\n').find((line) => line.startsWith(`#${contradictionId} `));
    expect(row).toMatch(
      new RegExp(
        `\\s${String(contradiction?.status ?? '-')}\\s+valid\\s+${contradiction?.body_verdict ?? ''}\\b`,
      ),
    );
  });

  it('in text: a token with a warning reads `valid · 1 warning`, as history and the Orders view say it', async () => {
    const run = await cli('show', KUWAIT);
    expect(run.code).toBe(0);
    const row = run.stdout.split('\n').find((line) => line.startsWith(`#${warnedTokenId} `));
    expect(row).toMatch(/\s200\s+valid · 1 warning\s+event\s/);
  });

  it('in text: each record’s effect in the Orders view’s words, not the JSON’s enum', async () => {
    const run = await cli('show', CAPTURED);
    const row = (id: number) => run.stdout.split('\n').find((line) => line.startsWith(`#${id} `)) ?? '';
    expect(row(replayId)).toMatch(/\snot evidence\s/);
    expect(row(replayId)).not.toMatch(/\scopy\s/);
    expect(row(contradictionId)).toMatch(/\scontradicts\s/);
  });

  it('in text: the lifecycle strip in its words, each step with the record that proves it', async () => {
    const run = await cli('show', CAPTURED);
    expect(run.stdout).not.toMatch(/\bnew:done\b/);
    const section = run.stdout.split('Lifecycle')[1]?.split('Records')[0] ?? '';
    const row = (step: string) => section.split('\n').find((line) => line.startsWith(`${step} `)) ?? '';
    expect(section).toMatch(/^STEP\s+STATUS\s+AT\s+BY\s+DETAIL$/m);
    expect(row('New')).toMatch(/^New\s+done\s+\S+\s+by create answer #\d+/);
    expect(row('Approved')).toMatch(/^Approved\s+done\s+\S+\s+by webhook #\d+/);
    expect(row('Authorised')).toMatch(/^Authorised\s+passed, not seen\s+—\s+no record/);
    expect(row('Captured')).toMatch(/^Captured\s+current\s+\S+\s+by webhook #\d+/);
  });

  it('an unknown order is one clear line and exit 1', async () => {
    const run = await cli('show', 'no-such-order\u001b[2J');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'error: no order no-such-order\\x1b[2J in this data directory (looked for it as an order_id and as an order_reference_id)\n',
    );
  });
});
