import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { replayRequestSchema } from '../../src/shared/replay';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import type { ListeningConsole } from './helpers/listening-console';
import { lastReplay, listening, merchant, replay } from './helpers/replay-targets';

// "Original" sent a token where none had come: a webhook with its token only in Authorization
// went out with ?serviceToken= added, one with it only in the query with an Authorization
// added, and one whose two tokens differed with the query's in both (its verdict mismatch, the
// replay's valid). The Authorization header went out last, after the headers that followed it.

/** POSTs to the listener with the request-target and headers as given, in their order. */
function receiveAt(open: ListeningConsole, target: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(open.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method: 'POST', path: target, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { id: number }).id));
    });
    req.on('error', reject);
    req.end(payload('order_approved'));
  });
}

async function tokens(open: ListeningConsole) {
  const now = Math.floor(Date.now() / 1000);
  return {
    token: await signWith(open.secret, { iat: now, exp: now + 600, jti: 'first' }),
    other: await signWith(open.secret, { iat: now, exp: now + 600, jti: 'second' }),
  };
}

/** The request the merchant took: its target, and its headers as [name, value] in their order. */
function taken(target: Awaited<ReturnType<typeof merchant>>, index = 0) {
  const raw = target.rawHeaders[index] ?? [];
  const headers: [string, string][] = [];
  for (let at = 0; at < raw.length; at += 2) headers.push([raw[at]?.toLowerCase() ?? '', raw[at + 1] ?? '']);
  return {
    path: target.paths[index],
    headers: headers.filter(([name]) => ['authorization', 'x-merchant-key'].includes(name)),
  };
}

describe('Original: each token where and as it arrived, none added', () => {
  it('a token only in Authorization stays there, in its place before the headers after it', async () => {
    const open = await listening();
    const { token } = await tokens(open);
    const id = await receiveAt(open, '/hdronly', {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-merchant-key': 'mk_1234',
    });
    const target = await merchant(200);
    await replay(open, { ids: [id], target: { kind: 'url', url: `${target.url}/m` } });
    expect(taken(target)).toEqual({
      path: '/merchant/m',
      headers: [
        ['authorization', `Bearer ${token}`],
        ['x-merchant-key', 'mk_1234'],
      ],
    });
  });

  it('a token only in the query stays there, with no Authorization added', async () => {
    const open = await listening();
    const { token } = await tokens(open);
    const id = await receiveAt(open, `/qonly?a=1&serviceToken=${token}`, {
      'content-type': 'application/json',
    });
    const target = await merchant(200);
    await replay(open, { ids: [id], target: { kind: 'url', url: `${target.url}/m?b=2` } });
    expect(taken(target)).toEqual({ path: `/merchant/m?b=2&serviceToken=${token}`, headers: [] });
    // To this console's listener, the stored target as it came.
    await replay(open, { ids: [id] });
    const sent = open.core.events.getDetail(lastReplay(open).id);
    expect(sent?.query).toBe(`a=1&serviceToken=${token}`);
    expect(sent?.requestHeaders.some(([name]) => name.toLowerCase() === 'authorization')).toBe(false);
  });

  it('two different tokens go as they came: the replay is judged mismatch, as the original was', async () => {
    const open = await listening();
    const { token, other } = await tokens(open);
    const id = await receiveAt(open, `/both?serviceToken=${token}`, {
      'content-type': 'application/json',
      authorization: `Bearer ${other}`,
    });
    expect(open.core.events.getSummary(id)?.tokenVerdict).toBe('mismatch');
    await replay(open, { ids: [id] });
    const sent = open.core.events.getDetail(lastReplay(open).id);
    expect(sent).toMatchObject({ tokenVerdict: 'mismatch', query: `serviceToken=${token}` });
    expect(sent?.requestHeaders.filter(([name]) => name.toLowerCase() === 'authorization')).toEqual([
      ['authorization', `Bearer ${other}`],
    ]);
    // Re-signed, each keeps its own claims: two fresh tokens, still a mismatch.
    await replay(open, { ids: [id], tokenMode: 'resign' });
    const resigned = open.core.events.getDetail(lastReplay(open).id);
    const header = resigned?.requestHeaders.find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    expect(resigned?.tokenVerdict).toBe('mismatch');
    expect(resigned?.query).not.toBe(`serviceToken=${token}`);
    expect(header).not.toBe(`Bearer ${other}`);
  });
});

describe('Re-signed and preset: a fresh token in each place that had one', () => {
  it('only where the webhook had one; in both places, as the service sends it, where it had none', async () => {
    const open = await listening();
    const { token } = await tokens(open);
    const headerOnly = await receiveAt(open, '/h', {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-merchant-key': 'mk_1234',
    });
    const queryOnly = await receiveAt(open, `/q?serviceToken=${token}&z=1`, {
      'content-type': 'application/json',
    });
    const none = await receiveAt(open, '/n?z=1', { 'content-type': 'application/json' });
    const target = await merchant(200);
    await replay(open, {
      ids: [headerOnly, queryOnly, none],
      target: { kind: 'listener' },
      tokenMode: 'resign',
    });
    const sent = open.core.eventsQuery
      .page({ kinds: ['replay'] }, { limit: 3 })
      .items.reverse()
      .map((record) => open.core.events.getDetail(record.id));
    const authorizations = (index: number) =>
      sent[index]?.requestHeaders.filter(([name]) => name.toLowerCase() === 'authorization') ?? [];
    const [fromHeader, fromQuery, fromNone] = sent;

    expect(fromHeader).toMatchObject({ path: '/h', query: null, tokenVerdict: 'valid' });
    expect(fromHeader?.requestHeaders.map(([name]) => name.toLowerCase())).toEqual(
      expect.arrayContaining(['authorization', 'x-merchant-key']),
    );
    // In its place: before the header that followed it.
    const names = fromHeader?.requestHeaders.map(([name]) => name.toLowerCase()) ?? [];
    expect(names.indexOf('authorization')).toBeLessThan(names.indexOf('x-merchant-key'));
    expect(authorizations(0)).toHaveLength(1);
    expect(authorizations(0)[0]?.[1]).not.toBe(`Bearer ${token}`);

    expect(fromQuery).toMatchObject({ path: '/q', tokenVerdict: 'valid' });
    expect(fromQuery?.query).toMatch(/^serviceToken=[^&]+&z=1$/);
    expect(fromQuery?.query).not.toContain(token);
    expect(authorizations(1)).toEqual([]);

    expect(fromNone).toMatchObject({ path: '/n', tokenVerdict: 'valid' });
    const fresh = /serviceToken=([^&]+)$/.exec(fromNone?.query ?? '')?.[1];
    expect(fromNone?.query).toBe(`z=1&serviceToken=${fresh}`);
    expect(authorizations(2)).toEqual([['Authorization', `Bearer ${fresh}`]]);
    expect(target.paths).toEqual([]);
  });
});

// "Re-signed" on a token whose claims could not be read signed an empty claim set (fresh times
// only) and said nothing: a token the webhook never carried, sent as its re-signature.
describe('Re-signed: a token whose claims cannot be read', () => {
  it('is not re-signed from nothing: the plan and the run refuse, naming the webhook, the place and why', async () => {
    const open = await listening();
    // A header and a signature, but claims that are not JSON ("not-json").
    const unreadable = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('not-json').toString('base64url')}.c2ln`;
    const { token } = await tokens(open);
    const good = await receiveAt(open, `/ok?serviceToken=${token}`, { 'content-type': 'application/json' });
    const bad = await receiveAt(open, '/bad', {
      'content-type': 'application/json',
      authorization: `Bearer ${unreadable}`,
    });
    const words = new RegExp(
      `^Webhook #${bad}'s token in the Authorization header cannot be read: The claims part is not JSON .*Its claims are unknown, so it cannot be re-signed`,
    );
    const asked = replayRequestSchema.parse({ ids: [good, bad], tokenMode: 'resign' });
    expect(() => open.core.replay.plan(asked)).toThrow(words);
    await expect(replay(open, { ids: [good, bad], tokenMode: 'resign' })).rejects.toThrow(words);
    // Nothing went: not the readable one either.
    expect(open.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 1 }).items).toEqual([]);
    // Its original token, or a preset, still goes.
    await replay(open, { ids: [bad], tokenMode: 'original' });
    expect(lastReplay(open).tokenVerdict).toBe('malformed');
  });
});

// "Re-signed" read a token's claims as values and wrote them again: {"amount":12345678901234567890,
// "inf":1e999} went out as 12345678901234567000 and null, and nothing said so, where the crafter's
// presets refuse such claims, naming the claim (claims-text.ts).
describe('Re-signed: claims that signing anew would change', () => {
  it("are refused with the presets' words, naming the webhook; the times it replaces do not count", async () => {
    const open = await listening();
    const now = Math.floor(Date.now() / 1000);
    const signedText = (claims: string) => {
      const head = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(claims).toString('base64url')}`;
      return `${head}.${createHmac('sha256', open.secret).update(head).digest('base64url')}`;
    };
    const changed = signedText(`{"iat":${now},"exp":${now + 600},"amount":12345678901234567890,"inf":1e999}`);
    const id = await receiveAt(open, `/big?serviceToken=${changed}`, { 'content-type': 'application/json' });
    const words = new RegExp(
      `^Webhook #${id}'s token in the \\?serviceToken= query parameter cannot be re-signed as it came: "amount" is 12345678901234567890, which re-signing would sign as 12345678901234567000 \\(the nearest number JSON holds\\)`,
    );
    const asked = replayRequestSchema.parse({ ids: [id], tokenMode: 'resign' });
    expect(() => open.core.replay.plan(asked)).toThrow(words);
    await expect(replay(open, { ids: [id], tokenMode: 'resign' })).rejects.toThrow(words);
    expect(open.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 1 }).items).toEqual([]);

    // Its own times are replaced by fresh ones, so a time written otherwise is no reason.
    const oddTimes = signedText(`{"iat":${now}.000000000000000001,"exp":${now + 600},"jti":"t"}`);
    const kept = await receiveAt(open, `/times?serviceToken=${oddTimes}`, {
      'content-type': 'application/json',
    });
    await replay(open, { ids: [kept], tokenMode: 'resign' });
    expect(lastReplay(open).tokenVerdict).toBe('valid');
  });
});
