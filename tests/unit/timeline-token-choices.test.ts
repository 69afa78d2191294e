import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventTokens } from '../../src/shared/contract/jwt';
import { checkEndpointCaseOf } from '../../src/shared/check-endpoint-case';
import { shownTokenPart } from '../../src/shared/jwt/visible-json';
import { tokenChoices } from '../../src/renderer/src/features/timeline/detail/token-choices';
import { tokenVerdictsStored } from '../../src/renderer/src/features/timeline/detail/token-verdicts-stored';
import { payload } from '../fixtures/hostile-webhooks';
import { rawRequest } from './helpers/http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

let open: ListeningConsole | null = null;
afterEach(async () => {
  await open?.dispose();
  open = null;
});

const segment = (text: string) => Buffer.from(text).toString('base64url');

/** A token over the header and claims exactly as written (numbers and repeated names kept). */
function signText(secret: string, header: string, claims: string): string {
  const input = `${segment(header)}.${segment(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

async function tokensOf(query: string | null, header: string | null): Promise<EventTokens> {
  if (open === null) throw new Error('no console');
  const response = await rawRequest(
    `${open.origin}/notify${query === null ? '' : `?serviceToken=${query}`}`,
    {
      method: 'POST',
      headers: header === null ? {} : { Authorization: `Bearer ${header}` },
      body: payload('order_approved'),
    },
  );
  const id = (JSON.parse(response.body) as { id: number }).id;
  const result = await open.core.dispatcher('getEventTokens', { id }, { transport: 'direct' });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.data as EventTokens;
}

describe("the Timeline's Notification token section", () => {
  it('tells two signatures over one header and claims apart, and one token sent twice', async () => {
    open = await openListeningConsole();
    const now = Math.floor(Date.now() / 1000);
    const header = '{"alg":"HS256","typ":"JWT"}';
    const claims = JSON.stringify({ iat: now, exp: now + 900 });
    const valid = signText(open.secret, header, claims);
    const forged = signText('attacker', header, claims);

    const differ = tokenChoices(await tokensOf(valid, forged));
    expect(differ.sameInBoth).toBe(false);
    // In the order the listener checked them: the query first, as the verdicts above.
    expect(differ.choices.map((choice) => choice.source)).toEqual(['query', 'header']);

    const same = tokenChoices(await tokensOf(valid, valid));
    expect(same.sameInBoth).toBe(true);
    expect(same.choices.map((choice) => choice.source)).toEqual(['query']);

    // Claims that parse to the same values are still two tokens.
    const big = signText(open.secret, header, `{"exp":${now + 900},"n":12345678901234567890}`);
    const bigger = signText(open.secret, header, `{"exp":${now + 900},"n":12345678901234567891}`);
    expect(tokenChoices(await tokensOf(big, bigger)).choices).toHaveLength(2);
  });

  it('shows the header and claims as the token carries them, not written again from values', async () => {
    open = await openListeningConsole();
    const now = Math.floor(Date.now() / 1000);
    const token = signText(
      open.secret,
      '{"alg":"none","alg":"HS256"}',
      `{"amount":12345678901234567890,"inf":1e999,"exp":${now + 900},"exp":${now - 900},"big":99999999999999999999}`,
    );
    const [choice] = tokenChoices(await tokensOf(token, null)).choices;
    if (choice === undefined) throw new Error('not decoded');
    const claims = shownTokenPart(choice.decoded, 'claims', 2);
    expect(claims).toContain('12345678901234567890');
    expect(claims).toContain('1e999');
    expect(claims).toContain('99999999999999999999');
    expect(claims).toContain(`"exp": ${now + 900}`);
    expect(claims).toContain(`"exp": ${now - 900}`);
    expect(shownTokenPart(choice.decoded, 'header', 2)).toContain('"alg": "none"');
    expect(choice.decoded.nameWarnings.length).toBeGreaterThan(0);
  });
});

describe('a check-endpoint record on the Timeline', () => {
  const details = {
    origin: 'check-endpoint',
    case: 'wrong-signature',
    why: 'A token signed with another secret must be refused.',
    expected: '4xx',
    batteryOrderId: 'x',
  };

  it('reads its case, its reason and what was expected', () => {
    expect(checkEndpointCaseOf(details)).toEqual({
      case: 'wrong-signature',
      why: 'A token signed with another secret must be refused.',
      expected: '4xx',
    });
    expect(checkEndpointCaseOf({ ...details, origin: 'scenario' })).toBeNull();
    expect(checkEndpointCaseOf({})).toBeNull();
  });

  it('has no token verdicts to head: the listener judged nothing the console sent', () => {
    expect(tokenVerdictsStored({ details, tokenVerdict: null })).toBe(false);
    expect(tokenVerdictsStored({ details: {}, tokenVerdict: 'valid' })).toBe(true);
  });
});
