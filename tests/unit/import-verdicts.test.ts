import { describe, expect, it } from 'vitest';
import { readImportFile, toNewEvent } from '../../src/main/history/import-file';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';

/**
 * An exploratory tester's forgery: the `/echo` webhook of an NDJSON export, which arrived with no
 * token, given a new uid and "token_verdict":"valid","body_verdict":"event". Imported as written,
 * the table, the --verdict valid filter and the lists' badges said TOKEN valid and BODY event,
 * while its detail said "No token was sent" and carried the body's error: one record, two
 * verdicts. A body is judged on import by the listener's judge; a token verdict that its own
 * bytes contradict is refused.
 */
const BODY = '{"event_type":"order_approved","note":"echo"}';
const judged = judgeWebhookBody(new TextEncoder().encode(BODY), false, [
  ['Content-Type', 'application/json'],
]);

const exported = {
  uid: '0190d5b2-0000-7000-8000-000000000001',
  kind: 'webhook',
  at: '2026-11-28T18:00:00.000Z',
  profile: 'Local',
  method: 'POST',
  url: 'http://127.0.0.1:4455/echo',
  path: '/echo',
  query: null,
  request_headers: [['Content-Type', 'application/json']],
  request_body: BODY,
  status: 200,
  event_type: 'order_approved',
  token_verdict: 'missing',
  body_verdict: 'unknown_shape',
  details: {
    token: {
      verdict: 'missing',
      reason: 'No token was sent: neither ?serviceToken= nor Authorization: Bearer.',
      checks: [],
      findings: [],
    },
    body: { verdict: judged.verdict, findings: judged.findings },
  },
};
const forged = { ...exported, uid: '0190d5b2-0000-7000-8000-000000000002' };

const read = (record: object) => readImportFile(`${JSON.stringify(record)}\n`).records;
const refusal = (record: object): string => {
  try {
    read(record);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'imported';
};

describe('import: a record’s verdicts are its own bytes’, not the file’s word', () => {
  it('the export imports back as it was', () => {
    const [record] = read(exported);
    expect(record).toMatchObject({ token_verdict: 'missing', body_verdict: 'unknown_shape' });
  });

  it('a body verdict the body does not earn is judged again, with its findings: one judgement', () => {
    const [record] = read({ ...forged, body_verdict: 'event' });
    expect(record?.body_verdict).toBe('unknown_shape');
    expect(record?.details['body']).toEqual({ verdict: 'unknown_shape', findings: judged.findings });
    const stored = record === undefined ? undefined : toNewEvent(record);
    expect(stored?.bodyVerdict).toBe('unknown_shape');
    expect(stored?.eventType).toBe('order_approved');
  });

  it('findings taken out of a body’s details come back from its judgement', () => {
    const [record] = read({
      ...forged,
      body_verdict: 'event',
      details: { ...forged.details, body: { verdict: 'event', findings: [] } },
    });
    expect(record?.details['body']).toEqual({ verdict: 'unknown_shape', findings: judged.findings });
  });

  it('a token verdict of valid on a record that carried no token is refused, naming the record and the field', () => {
    expect(refusal({ ...forged, token_verdict: 'valid', body_verdict: 'event' })).toBe(
      `Record 1 (uid "${forged.uid}"): token_verdict is "valid", but the record carried no token (neither ?serviceToken= nor Authorization: Bearer), so its verdict is "missing". An imported token cannot be judged again without the secret it was signed with, so its verdict must agree with what its own bytes show.`,
    );
  });

  it('a token verdict other than the one its details give is refused, naming the field', () => {
    const withToken = {
      ...forged,
      request_headers: [...forged.request_headers, ['Authorization', 'Bearer REDACTED']],
      token_verdict: 'valid',
    };
    expect(refusal(withToken)).toBe(
      `Record 1 (uid "${forged.uid}"): token_verdict is "valid", but its details.token.verdict is "missing"; a record has one token verdict.`,
    );
  });

  it('a record that carried a token cannot say none came', () => {
    const withToken = {
      ...forged,
      request_headers: [...forged.request_headers, ['Authorization', 'Bearer REDACTED']],
      details: { body: forged.details.body },
    };
    expect(refusal(withToken)).toBe(
      `Record 1 (uid "${forged.uid}"): token_verdict is "missing", but the record carried a token (in the Authorization header).`,
    );
  });
});
