import { describe, expect, it } from 'vitest';
import { classifyNetworkFailure } from '../../src/main/outbound/network-failure';
import { networkFailureText } from '../../src/shared/merchant-api';

const failed = (code: string) => Object.assign(new Error(`connect ${code}`), { code });
const count = (text: string, word: string) => text.split(word).length - 1;

describe('a network failure in words', () => {
  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET'])('names %s once', (code) => {
    const text = networkFailureText(classifyNetworkFailure(failed(code), 'api-sandbox.example.com'));
    expect(count(text, code)).toBe(1);
  });

  // An https URL at a plain-HTTP server gave OpenSSL's own dump, its address, file and line, and
  // a line break that JSON printed as \u000a, on every case of check-endpoint.
  it('says a TLS failure in one sentence, never OpenSSL’s dump', () => {
    const openSsl = (reason: string) =>
      Object.assign(
        new Error(
          `write EPROTO 803C6CF2AA7F0000:error:0A00010B:SSL routines:ssl3_get_record:${reason}:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n`,
        ),
        { code: 'EPROTO' },
      );
    expect(
      networkFailureText(classifyNetworkFailure(openSsl('wrong version number'), '127.0.0.1:47600')),
    ).toBe('127.0.0.1:47600 answered in plain HTTP, not TLS: use http:// for it. (EPROTO)');
    expect(
      networkFailureText(
        classifyNetworkFailure(openSsl('sslv3 alert handshake failure'), 'shop.example:443'),
      ),
    ).toBe('TLS handshake with shop.example:443 failed: sslv3 alert handshake failure. (EPROTO)');
    const expired = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
    expect(networkFailureText(classifyNetworkFailure(expired, 'shop.example:443'))).toBe(
      'TLS handshake with shop.example:443 failed: certificate has expired. (CERT_HAS_EXPIRED)',
    );
  });

  it('names the code of a failure whose message does not', () => {
    const text = networkFailureText(classifyNetworkFailure(failed('ECONNREFUSED'), '127.0.0.1:9'));
    expect(text).toBe('Connection refused by 127.0.0.1:9: nothing is listening there. (ECONNREFUSED)');
    expect(networkFailureText({ message: 'Cancelled before an answer arrived.', code: null })).toBe(
      'Cancelled before an answer arrived.',
    );
  });
});
