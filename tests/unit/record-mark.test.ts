import { describe, expect, it } from 'vitest';
import { recordMark, whoseWord } from '../../src/shared/provenance';

// One decision of a record's kind and whose doing it is, for the History row, the Timeline row
// and `history`: History showed record #4 as two "replay" badges (kind and origin), `history` as
// "replay  console: replay". `history`'s WHOSE column is a column of its own, and says whoseWord
// whatever KIND says: both records of one replay read `console: replay`
// (cli-history-provenance.test.ts).

const record = (
  kind: string,
  provenance: Parameters<typeof recordMark>[0]['provenance'],
  tokenVerdict: string | null = 'valid',
) => ({
  kind,
  provenance,
  tokenVerdict,
});

describe('a record labelled once', () => {
  it('an exact replay is its kind alone, never "replay" twice', () => {
    expect(recordMark(record('replay', 'replay', null))).toBeNull();
    expect(whoseWord(record('replay', 'replay', null))).toBe('console: replay');
    expect(whoseWord(record('webhook', 'replay'))).toBe('console: replay');
  });

  it('a webhook carrying a token the console crafted is marked crafted', () => {
    expect(recordMark(record('webhook', 'crafted'))).toBe('crafted');
    expect(whoseWord(record('webhook', 'crafted'))).toBe('console: crafted');
  });

  it('a replay of a crafted webhook is a replay, marked crafted', () => {
    expect(recordMark(record('replay', 'crafted', null))).toBe('crafted');
    expect(whoseWord(record('replay', 'crafted', null))).toBe('console: crafted');
  });

  it('a forward is its kind alone', () => {
    expect(recordMark(record('forward', 'forward', null))).toBeNull();
    expect(whoseWord(record('forward', 'forward', null))).toBe('console: forward');
  });

  it("a plain webhook is the service's own, or unverified when its token did not verify", () => {
    expect(recordMark(record('webhook', 'service'))).toBeNull();
    expect(whoseWord(record('webhook', 'service'))).toBe('service');
    expect(recordMark(record('webhook', 'service', 'invalid_signature'))).toBe('unverified');
    expect(whoseWord(record('webhook', 'service', 'invalid_signature'))).toBe('unverified');
  });

  it("the listener's record of an exact replay is a webhook, marked replay", () => {
    expect(recordMark(record('webhook', 'replay'))).toBe('replay');
  });
});
