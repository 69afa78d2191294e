import { describe, expect, it } from 'vitest';
import { defaultProfileFields, maskSecret } from '../../src/shared/profile';
import { isPlaceholderHost, problemsSummary, profileProblems } from '../../src/shared/profile-readiness';

const view = (environment: 'local' | 'sandbox' | 'live', baseUrl?: string, token: string | null = null) => ({
  ...defaultProfileFields(environment, environment),
  ...(baseUrl === undefined ? {} : { baseUrl }),
  apiToken: maskSecret(token),
  damaged: [],
});

describe('what keeps a profile from working', () => {
  it('flags the placeholder base URLs a fresh install starts with, and no API token', () => {
    const sandbox = profileProblems(view('sandbox'));
    expect(sandbox.map((problem) => problem.kind)).toEqual(['placeholder_base_url', 'no_api_token']);
    expect(sandbox[0]?.message).toContain('https://api-sandbox.example.com');
    expect(problemsSummary(sandbox)).toBe('Set its base URL and API token');
  });

  it('finds nothing wrong with a real address and a token', () => {
    expect(profileProblems(view('sandbox', 'https://api.sandbox.service.sa', 'tok-123456789'))).toEqual([]);
    expect(profileProblems(view('local', 'http://127.0.0.1:4010', 'local-token-1234'))).toEqual([]);
  });

  it('leaves a damaged port to its damaged words: unknown (null) is no unusable port', () => {
    const damagedPort = {
      ...view('sandbox', 'https://api.sandbox.service.sa', 'tok-123456789'),
      listenerPort: null,
      damaged: [{ column: 'listenerPort' as const, message: '…' }],
    };
    expect(profileProblems(damagedPort)).toEqual([]);
  });

  it.each([
    ['example.com', true],
    ['API.Example.COM', true],
    ['shop.example.org.', true],
    ['checkout.example', true],
    ['x.invalid', true],
    ['example.com.sa', false],
    ['myexample.com', false],
    ['127.0.0.1', false],
  ])('%s is a placeholder: %s', (host, expected) => {
    expect(isPlaceholderHost(host)).toBe(expected);
  });
});
