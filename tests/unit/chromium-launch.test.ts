import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, disabledFeatures } from '../e2e/fixtures/chromium-launch';

/**
 * The names in Playwright's own `disabledFeatures` list, read from the installed playwright-core
 * (its bundle keeps the list as written in chromiumSwitches.ts).
 */
function playwrightsDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (list === undefined)
    throw new Error('playwright-core no longer has a disabledFeatures list where it was');
  const names = [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
  if (names.length === 0) throw new Error("playwright-core's disabledFeatures list holds no name");
  return names;
}

describe('Chromium launch switches', () => {
  // Chromium keeps only the last --disable-features: ours replaces Playwright's, so it must
  // carry every name Playwright turns off, or an upgrade of Playwright turns some back on.
  it("turn off every feature Playwright's own switches turn off", () => {
    const missing = playwrightsDisabledFeatures().filter((name) => !disabledFeatures.includes(name));
    expect(missing).toEqual([]);
  });

  it('give one --disable-features, naming the browser UI popups too', () => {
    const switches = chromiumArgs(['--extra']).filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    expect(switches[0]?.split('=')[1]?.split(',')).toEqual(
      expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PaintHolding']),
    );
    expect(chromiumArgs(['--extra']).at(-1)).toBe('--extra');
  });
});
