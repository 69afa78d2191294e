import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { projectRoot } from '../e2e/fixtures/serve-process';

/** Sizes and themes a screenshot is taken in. */
export interface Shot {
  width: number;
  height: number;
  scheme: 'light' | 'dark';
}

/**
 * With a review folder (an environment variable naming one), every size and theme a person
 * checks a view in; without one, the docs picture alone.
 */
export function shotsFor(review: string | undefined): Shot[] {
  return review
    ? [
        { width: 1280, height: 800, scheme: 'light' },
        { width: 1280, height: 800, scheme: 'dark' },
        { width: 1440, height: 900, scheme: 'light' },
        { width: 1440, height: 900, scheme: 'dark' },
      ]
    : [{ width: 1440, height: 900, scheme: 'light' }];
}

/**
 * Takes `name` in every shot: for review (a folder named by an environment variable) every
 * size and theme as `name-WIDTH-SCHEME.png` there; otherwise `docs/images/name.png` at
 * 1440×900 light. `prepare` runs before each, after the viewport and theme are set.
 */
export function screenshotTaker(review: string | undefined) {
  const shots = shotsFor(review);
  return async (page: Page, name: string, prepare: () => Promise<void>, fullPage = false): Promise<void> => {
    for (const shot of shots) {
      await page.setViewportSize({ width: shot.width, height: shot.height });
      await page.emulateMedia({ colorScheme: shot.scheme });
      await prepare();
      // A theme switch fades backgrounds (CSS transitions): a shot taken at once caught cards
      // half way between dark and light.
      // Transitions only: a spinner or the live dot animates for ever.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
      );
      // Let a modal finish fading in.
      await expect(page.locator('.mantine-Modal-overlay, body').first()).toHaveCSS('opacity', '1');
      const file = review ? `${name}-${shot.width}-${shot.scheme}.png` : `${name}.png`;
      await page.screenshot({ path: join(review ?? join(projectRoot, 'docs', 'images'), file), fullPage });
    }
  };
}
