import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_STATE_WORDS } from '../../src/shared/orders/operation-availability';

/**
 * The README's quick start said the order ends **captured**, while the Orders view's badge says
 * FULLY CAPTURED and `orders` fully_captured: each state it names is the console's word for it.
 */
describe("the README's quick start names each order state in the console's words", () => {
  it('every "the order is **…**" / "it is **…**" is a state word', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    const named = [...start.matchAll(/(?:the order|it) is \*\*([^*]+)\*\*/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThanOrEqual(3);
    const words: readonly string[] = Object.values(ORDER_STATE_WORDS);
    for (const word of named) expect(words, `README names the state "${word}"`).toContain(word);
    expect(named.at(-1)).toBe(ORDER_STATE_WORDS.fully_captured);
  });
});
