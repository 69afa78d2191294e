import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANUAL_PAGES, manualPageUrl, PROJECT_HOMEPAGE } from '../../src/shared/project-links';

const root = join(import.meta.dirname, '..', '..');

describe('the manual pages the views link to', () => {
  it.each(MANUAL_PAGES)('%s is a file of the manual, linked on the project site', (page) => {
    expect(existsSync(join(root, page))).toBe(true);
    expect(manualPageUrl(page)).toBe(`${PROJECT_HOMEPAGE}/blob/main/${page}`);
  });
});
