import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstRunOrderStep } from '../../src/renderer/src/features/builder/first-run-order-step';

/**
 * The README's quick start said **Open the order** after Pay, while a new user's builder offers,
 * at the top, the first-run guide's **Authorise in Orders** (Open the order was on the Response
 * tab, below the fold at 1280×800). Its steps name the buttons the guide offers at Pay and at
 * Authorise, as the guide labels them; readme-quick-start.spec.ts presses them.
 */
describe("the README's quick start names the first-run guide's buttons", () => {
  const readme = readFileSync('README.md', 'utf8');
  const from = readme.indexOf('## Quick start');
  const quickStart = readme.slice(from, readme.indexOf('\n## ', from + 1));
  const offered = (progress: number, state: 'new' | 'approved') =>
    firstRunOrderStep({
      progress,
      state,
      held: undefined,
      records: [],
      active: 'Local',
      emulatorProfile: 'Local',
      emulatorRunning: true,
    }).actions.map((action) => action.label);

  it.each([
    ['Pay', 2, 'new'],
    ['Authorise', 3, 'approved'],
  ] as const)('at %s', (_step, progress, state) => {
    const labels = offered(progress, state);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(quickStart, `README names **${label}**`).toContain(`**${label}**`);
  });
});
