import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTokens } from '../../src/shared/contract/jwt';
import type { TimelineDetail, TimelineSummary } from '../../src/shared/events';
import { recordJudgement } from '../../src/shared/jwt/record-judgement';
import {
  noTokenWords,
  recordVerdictRef,
  whyOwnVerdictDiffers,
} from '../../src/renderer/src/features/jwt/record-judgement';
import { verdictLook } from '../../src/renderer/src/features/jwt/verdict-look';
import { undecodedTokenWords } from '../../src/renderer/src/features/timeline/detail/undecoded-token-words';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

/**
 * `#/jwt?event=<id>` said "This record carried no token" of a raw request whose bytes carried one
 * in both places (the Timeline masks them, `curl` says "Its bytes carry a token", its verdict is
 * "not judged (not HTTP)"), and of a record whose Authorization header had another scheme. And
 * its top verdict was the inspected token's alone: "valid" over a record the listener judged
 * "mismatch" (two different tokens) or "malformed" (two Authorization headers), "mismatch"
 * nowhere on the page.
 */
let listening: ListeningConsole;
let token = '';
let other = '';

/** Bytes to the listener as they are; the id of the record they made (the newest). */
async function sendRaw(bytes: string): Promise<number> {
  const { port } = new URL(listening.origin);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    socket.on('data', () => undefined);
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  const page = await listening.core.dispatcher('listEvents', { limit: 1 }, { transport: 'websocket' });
  const newest = page.ok ? (page.data as { items: { id: number }[] }).items[0] : undefined;
  if (newest === undefined) throw new Error('The listener stored nothing.');
  return newest.id;
}

const request = (line: string, headers: readonly string[]): string => {
  const body = payload('order_approved');
  return `${line}\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers.map((h) => `${h}\r\n`).join('')}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
};

/** What the window gets for a record: its detail and its tokens, through the bridge. */
async function opened(id: number): Promise<{ detail: TimelineDetail; tokens: EventTokens }> {
  const call = listening.core.dispatcher;
  const detail = await call('getEvent', { id }, { transport: 'websocket' });
  const tokens = await call('getEventTokens', { id }, { transport: 'websocket' });
  if (!detail.ok || !tokens.ok) throw new Error('The bridge refused the record.');
  const shown = { detail: detail.data as TimelineDetail, tokens: tokens.data as EventTokens };
  // The inspector reads the record's verdict from getEventTokens alone, never the whole record:
  // main's word must be the one the record's detail gives.
  expect(shown.tokens.judgement).toEqual(recordJudgement(shown.detail, () => shown.detail.secretsMasked));
  return shown;
}

beforeAll(async () => {
  listening = await openListeningConsole();
  const now = Math.floor(Date.now() / 1000);
  token = await signWith(listening.secret, { iat: now, exp: now + 600 });
  other = await signWith(listening.secret, { iat: now, exp: now + 601 });
});
afterAll(async () => {
  await listening.dispose();
});

describe('a record that carried a token the inspector found none in', () => {
  it('a raw request with the token in both places: its bytes carry a token, not judged (not HTTP)', async () => {
    const id = await sendRaw(
      request(`POST /case/54?serviceToken=${token} HTTP/1.1 junk`, [`Authorization: Bearer ${token}`]),
    );
    const { tokens } = await opened(id);
    const judgement = tokens.judgement;
    expect(judgement).toEqual({ state: 'unread', carriesToken: true });
    const words = noTokenWords(tokens, judgement);
    expect(words).not.toContain('carried no token');
    expect(words).toContain('Its bytes carry a token, not judged (not HTTP)');
  });

  it('an Authorization header of another scheme carried no Bearer token, and says so', async () => {
    const id = await sendRaw(request('POST /case/31 HTTP/1.1', [`Authorization: Token ${token}`]));
    const { detail, tokens } = await opened(id);
    const judgement = tokens.judgement;
    expect(judgement).toMatchObject({ state: 'judged', verdict: 'malformed' });
    const words = noTokenWords(tokens, judgement);
    expect(words).not.toContain('carried no token');
    expect(words).toBe(
      'No token to inspect: the Authorization header carried no single Bearer token (said above), so nothing in it was judged as the notification token, and ?serviceToken= was absent.',
    );
    // The absent ?serviceToken= has no token to be worth anything alone ("Alone, this token is missing").
    for (const check of tokens.checks)
      expect(whyOwnVerdictDiffers(judgement, check, tokens.checks)).toBeNull();
    // The Timeline said "No token that could be decoded was sent." of a signed JWT under Token.
    expect(undecodedTokenWords(detail)).toBe(
      'No token to decode: the Authorization header carried no single Bearer token (said above), so nothing in it was judged as the notification token, and ?serviceToken= was absent.',
    );
  });

  it('two Authorization headers and no query: neither is judged, and the words say so', async () => {
    const id = await sendRaw(
      request('POST /case/32 HTTP/1.1', [`Authorization: Bearer ${token}`, `Authorization: Bearer ${other}`]),
    );
    const { detail, tokens } = await opened(id);
    const judgement = tokens.judgement;
    expect(judgement).toMatchObject({ state: 'judged', verdict: 'malformed' });
    expect(judgement.state === 'judged' && judgement.reason).not.toContain('carried a token');
    for (const check of tokens.checks)
      expect(whyOwnVerdictDiffers(judgement, check, tokens.checks)).toBeNull();
    expect(undecodedTokenWords(detail)).toMatch(
      /^No token to decode: the Authorization header carried no single Bearer token/,
    );
    // A Bearer token that does not decode is still the old, true sentence.
    const garbled = await sendRaw(request('POST /case/33 HTTP/1.1', ['Authorization: Bearer abc']));
    expect(undecodedTokenWords((await opened(garbled)).detail)).toBe(
      'No token that could be decoded was sent.',
    );
  });

  // A valid token under request headers damaged by hand: the Token verdicts said "valid" above,
  // and the Notification token section "This record carried no token."
  it('a record whose stored request headers are damaged: the token is not known, not absent', async () => {
    const id = await sendRaw(request('POST /case/55 HTTP/1.1', [`Authorization: Bearer ${token}`]));
    const db = new Database(join(listening.dataDir, 'console.sqlite'));
    db.prepare(`update events set request_headers = '[["x",' where id = ?`).run(id);
    db.close();
    const { detail, tokens } = await opened(id);
    expect(tokens.judgement).toMatchObject({ state: 'judged', verdict: 'valid' });
    const known = `Record #${id}'s stored request headers is damaged in the database (not what the console writes), so which token it carried is not known.`;
    expect(undecodedTokenWords(detail)).toBe(`No token to decode: ${known}`);
    expect(noTokenWords(tokens, tokens.judgement)).toBe(`No token to inspect: ${known}`);
  });

  it('a record with neither still carried no token', async () => {
    const id = await sendRaw(request('POST /case/24 HTTP/1.1', []));
    const { tokens } = await opened(id);
    expect(noTokenWords(tokens, tokens.judgement)).toBe('This record carried no token.');
  });
});

describe("the record's verdict, and each token's own", () => {
  it('two different tokens: the record is mismatch, each token valid alone, and why they differ', async () => {
    const id = await sendRaw(
      request(`POST /case/40?serviceToken=${token} HTTP/1.1`, [`Authorization: Bearer ${other}`]),
    );
    const { tokens } = await opened(id);
    const judgement = tokens.judgement;
    expect(judgement).toMatchObject({ state: 'judged', verdict: 'mismatch' });
    expect(judgement.state === 'judged' && judgement.reason).toContain('differ');
    for (const check of tokens.checks) {
      expect(check.verdict).toBe('valid');
      expect(whyOwnVerdictDiffers(judgement, check, tokens.checks)).toBe(
        'Alone, this token is valid; the record is mismatch because its ?serviceToken= and Authorization header tokens differ, whatever each is worth alone.',
      );
    }
  });

  it('two Authorization headers: the record is malformed, the query token valid alone, and why', async () => {
    const id = await sendRaw(
      request(`POST /case/41?serviceToken=${token} HTTP/1.1`, [
        `Authorization: Bearer ${token}`,
        `Authorization: Bearer ${token}`,
      ]),
    );
    const { tokens } = await opened(id);
    const judgement = tokens.judgement;
    expect(judgement).toMatchObject({ state: 'judged', verdict: 'malformed' });
    const query = tokens.checks.find((check) => check.source === 'query');
    const header = tokens.checks.find((check) => check.source === 'header');
    expect(query?.verdict).toBe('valid');
    expect(query && whyOwnVerdictDiffers(judgement, query, tokens.checks)).toBe(
      'Alone, this token is valid; the record takes the worse of its two places: the Authorization header is malformed.',
    );
    expect(header && whyOwnVerdictDiffers(judgement, header, tokens.checks)).toBeNull();
  });

  it('the same valid token in both places: one verdict, nothing to explain', async () => {
    const id = await sendRaw(
      request(`POST /case/01?serviceToken=${token} HTTP/1.1`, [`Authorization: Bearer ${token}`]),
    );
    const { tokens } = await opened(id);
    const judgement = tokens.judgement;
    expect(judgement).toMatchObject({ state: 'judged', verdict: 'valid' });
    for (const check of tokens.checks)
      expect(whyOwnVerdictDiffers(judgement, check, tokens.checks)).toBeNull();
  });
});

// The record view's chip said a plain `valid` of a token sent only in ?serviceToken= (a warning
// the listener stored), where the Timeline's row, from the same record, says `valid · 1 warning`.
describe("the record view's verdict chip", () => {
  it("a valid token with a warning looks as the Timeline's row draws it", async () => {
    const id = await sendRaw(request(`POST /case/07?serviceToken=${token} HTTP/1.1`, []));
    const { tokens } = await opened(id);
    const page = await listening.core.dispatcher('listEvents', { limit: 1 }, { transport: 'websocket' });
    const row = page.ok ? (page.data as { items: TimelineSummary[] }).items[0] : undefined;
    expect(row?.id).toBe(id);
    expect(row?.tokenFindings).toHaveLength(1);
    const timeline = verdictLook({ kind: 'token', verdict: 'valid', findings: row?.tokenFindings ?? null });
    expect(timeline.label).toBe('valid · 1 warning');
    const chip = recordVerdictRef(tokens.judgement);
    expect(chip === null ? null : verdictLook(chip)).toEqual(timeline);
  });
});
