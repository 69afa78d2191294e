import { describe, expect, it } from 'vitest';
import { maskWith, redactPath, redactUrl } from '../../src/shared/secrets/redact-secrets';

// A secret's URL spelling (any percent-encoding) is built once and kept: a timeline row pushed
// to a window is masked with every profile secret, and building the patterns again for each
// row cost about a millisecond. A kept global pattern must find the secret on every call, in a
// short text after a long one and after a call that found nothing.

const SECRET = 'sk_test_REPEATED_0123456789';
const ENCODED = SECRET.replace(/_/g, '%5F');

describe('a secret in a URL, masked again and again', () => {
  it('is found on every call, wherever it is and whatever came before', () => {
    const long = `/a/${'x'.repeat(200)}/${ENCODED}/b`;
    const short = `/${ENCODED}`;
    for (let round = 0; round < 3; round += 1) {
      expect(redactPath(long, [SECRET], maskWith)).toBe(`/a/${'x'.repeat(200)}/••••6789/b`);
      expect(redactPath(short, [SECRET], maskWith)).toBe('/••••6789');
      expect(redactPath('/nothing%20here', [SECRET], maskWith)).toBe('/nothing%20here');
      expect(redactUrl(`http://h${short}?q=${ENCODED}`, [SECRET], maskWith)).toBe(
        'http://h/••••6789?q=••••6789',
      );
    }
  });
});
