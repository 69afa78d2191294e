import { describe, expect, it } from 'vitest';
import { whoseOf, whoseTitle, whoseWord } from '../../src/shared/provenance';

/**
 * Whose doing a record is, in the words a person reads: anyone can post to the listener, so a
 * webhook nothing of the console made but whose token did not verify is no evidence of the
 * service's, and must not read as "service" (the exploratory tester's tokenless curl did).
 */
const webhook = (tokenVerdict: string | null, provenance: 'service' | 'crafted' | 'import' = 'service') => ({
  kind: 'webhook',
  provenance,
  tokenVerdict,
});

describe('whoseOf, whoseWord, whoseTitle', () => {
  it('says the service’s own only of a webhook whose token verified', () => {
    expect(whoseOf(webhook('valid'))).toBe('service');
    expect(whoseWord(webhook('valid'))).toBe('service');
    expect(whoseTitle(webhook('valid'))).toBe("the service's own");
  });

  it('says unverified of a webhook whose token did not verify, or was not judged, naming why', () => {
    for (const verdict of ['missing', 'invalid_signature', 'expired', 'malformed', 'no_secret'])
      expect(whoseWord(webhook(verdict))).toBe('unverified');
    expect(whoseTitle(webhook('missing'))).toBe(
      "unverified: not the console's doing, but its token did not verify (missing), so it is not the service's evidence and moves no order",
    );
    expect(whoseOf(webhook(null))).toBe('unverified');
    expect(whoseTitle(webhook(null))).toContain('its token was not judged');
  });

  it('keeps the console’s own words for the console’s records, whatever their token', () => {
    expect(whoseWord(webhook('missing', 'crafted'))).toBe('console: crafted');
    expect(whoseWord(webhook('valid', 'import'))).toBe('console: import');
    expect(whoseTitle(webhook('missing', 'import'))).toBe('imported from a file');
  });

  it('judges only webhooks by their token: a request’s answer is the service’s own', () => {
    expect(whoseWord({ kind: 'request', provenance: 'service', tokenVerdict: null })).toBe('service');
    expect(whoseWord({ kind: 'delivery', provenance: 'service', tokenVerdict: null })).toBe('service');
  });
});

describe('an import’s original provenance', () => {
  const imported = (originalProvenance: 'service' | 'replay' | 'crafted' | 'forward' | null) => ({
    ...webhook('valid', 'import'),
    originalProvenance,
  });

  it('says what the console made, beside "import", in every word and title', () => {
    expect(whoseWord(imported('replay'))).toBe('console: import · originally a replay');
    expect(whoseWord(imported('crafted'))).toBe('console: import · originally crafted');
    expect(whoseWord(imported('forward'))).toBe('console: import · originally a forward');
    expect(whoseTitle(imported('crafted'))).toBe(
      'imported from a file · originally crafted: crafted (bytes or token the console made)',
    );
  });

  it('says nothing more of a file’s claim that the service sent it, nor of a file that says nothing', () => {
    for (const original of ['service', null] as const) {
      expect(whoseWord(imported(original))).toBe('console: import');
      expect(whoseTitle(imported(original))).toBe('imported from a file');
    }
  });
});
