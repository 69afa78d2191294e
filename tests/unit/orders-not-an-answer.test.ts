import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { startFakeService, json } from './helpers/fake-service';
import { createCheckout, notification } from './helpers/order-events';
import { call, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// A 2xx that the console itself says is no answer (an HTML login page, the service's error shape,
// an empty body) moved the order: the editor said "Answered 200, but…" while the order read
// authorised, fully captured, or took the reference id the call asked for.

const HTML =
  'The service answered 200 with a body that is not JSON (Content-Type: text/html): its answers are JSON objects.';
const DECLINED =
  'The service answered 200 with an error body (declined: Payment declined): an error is not an answer to act on.';
const EMPTY = 'The service answered 200 with an empty body: its answers are JSON objects.';

const authorised = () => [created({ amount: '401.625', currency: 'KWD' }), webhook('order_approved')];

describe('a 2xx that is not an answer', () => {
  beforeEach(() => resetRecords());

  it('an HTML page answering authorise leaves the order approved, with a finding in the record view’s words', () => {
    const records = [...authorised(), call('authorise', { details: { answerProblems: [HTML] } })];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.entries.at(-1)).toMatchObject({
      recordId: 3,
      effect: 'contradicts',
      step: null,
      evidence: `${HTML}; not counted, state unchanged`,
    });
    expect(lifecycle.findings).toEqual([
      { recordId: 3, severity: 'error', code: 'not_an_answer', message: HTML },
    ]);
    expect(lifecycle.strip.find((step) => step.step === 'authorised')?.status).toBe('pending');
  });

  it('an error body or an empty body answering capture captures nothing', () => {
    for (const problem of [DECLINED, EMPTY]) {
      resetRecords();
      const records = [
        ...authorised(),
        webhook('order_authorised'),
        call('capture', {
          request: { total_amount: { amount: '401.625', currency: 'KWD' } },
          response:
            problem === DECLINED
              ? { message: 'Payment declined', errors: [{ error_code: 'declined' }] }
              : null,
          details: { answerProblems: [problem] },
        }),
      ];
      const lifecycle = deriveLifecycle(ORDER_ID, records);
      expect(lifecycle.state).toBe('authorised');
      expect(lifecycle.facts.capturedAmount).toBeNull();
      expect(lifecycle.findings).toEqual([
        { recordId: 4, severity: 'error', code: 'not_an_answer', message: problem },
      ]);
    }
  });

  it('an HTML page answering update reference id leaves the reference as it was', () => {
    const records = [
      ...authorised(),
      call('updateReferenceId', {
        request: { order_reference_id: 'HTMLREF' },
        details: { answerProblems: [HTML] },
      }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.facts.referenceId).toBe('REF-1');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['not_an_answer']);
  });

  it('a create answer missing a field it does not need still creates the order', () => {
    const create = created();
    const records = [
      {
        ...create,
        details: {
          ...create.details,
          answerProblems: [
            'The service answered 200, but not with a created checkout: checkout_url is missing or not text (a created checkout answers order_id, checkout_id, status and checkout_url).',
          ],
        },
      },
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.findings).toEqual([]);
  });
});

describe('orders show, after the client stored such answers', () => {
  let core: ConsoleCore;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let service: Awaited<ReturnType<typeof startFakeService>>;
  beforeEach(async () => {
    ({ core, dataDir, dispose } = await openTempConsole());
    service = await startFakeService((request, res) => {
      if (request.url.endsWith('/capture'))
        return json(res, 200, { message: 'Payment declined', errors: [{ error_code: 'declined' }] });
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>Welcome to the login page</body></html>');
    });
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('seed');
    core.profiles.update(
      sandbox.id,
      { baseUrl: `${service.url}/api/v1/` },
      {
        apiToken: { action: 'set', value: 'sk_test_not_an_answer_0123' },
        notificationToken: { action: 'keep' },
      },
    );
  });
  afterEach(async () => {
    await service.close();
    await dispose();
  });

  it('keeps the state and names each record with the words its detail shows', async () => {
    const profileId = core.profiles.findByName('Sandbox')?.id ?? 0;
    // The order is Sandbox's, as the calls below: another profile's answers would not count at all.
    core.recorder.recordMany([
      createCheckout(ORDER_ID, 'REF-1', 1_000, profileId, { amount: '401.625', currency: 'KWD' }),
      { ...notification(ORDER_ID, 'order_approved', 2_000), profileId, profileName: 'Sandbox' },
    ]);
    const send = (operation: 'authorise' | 'capture' | 'updateReferenceId', path: string, body: string) =>
      core.merchantApi.sendOperation({
        profileId,
        operation,
        orderId: ORDER_ID,
        method: 'POST',
        url: `${service.url}/api/v1${path}`,
        body,
      });
    const authorise = await send('authorise', `/orders/${ORDER_ID}/authorise`, `{"order_id":"${ORDER_ID}"}`);
    const capture = await send(
      'capture',
      '/payments/capture',
      `{"order_id":"${ORDER_ID}","total_amount":{"amount":"401.625","currency":"KWD"}}`,
    );
    const reference = await send(
      'updateReferenceId',
      `/orders/${ORDER_ID}/reference-id`,
      `{"order_id":"${ORDER_ID}","order_reference_id":"HTMLREF"}`,
    );
    expect(capture.answerProblems).toEqual([DECLINED]);
    const run = await runCliCaptured(['--data-dir', dataDir, 'orders', 'show', ORDER_ID]);
    expect(run.code).toBe(0);
    const line = (label: string) =>
      run.stdout.split('\n').find((text) => text.startsWith(`  ${label} `)) ?? '';
    expect(line('state')).toMatch(/^ {2}state +approved$/);
    expect(line('reference')).toMatch(/REF-1$/);
    expect(line('captured')).toMatch(/—$/);
    const findings = run.stdout.split('\n').filter((text) => text.includes('not_an_answer'));
    expect(findings).toHaveLength(3);
    for (const [at, [id, words]] of [
      [authorise.eventId, HTML],
      [capture.eventId, DECLINED],
      [reference.eventId, HTML],
    ].entries()) {
      expect(findings[at]).toContain(`#${id}`);
      expect(findings[at]).toContain(words);
    }
  });
});
