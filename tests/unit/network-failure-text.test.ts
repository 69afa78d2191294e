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

  it('names the code of a failure whose message does not', () => {
    const text = networkFailureText(classifyNetworkFailure(failed('ECONNREFUSED'), '127.0.0.1:9'));
    expect(text).toBe('Connection refused by 127.0.0.1:9: nothing is listening there. (ECONNREFUSED)');
    expect(networkFailureText({ message: 'Cancelled before an answer arrived.', code: null })).toBe(
      'Cancelled before an answer arrived.',
    );
  });
});
