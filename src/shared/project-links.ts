/**
 * Where the project lives; the Help menu and the views' links to the manual point here. Kept
 * equal to package.json's `homepage` and `bugs.url` by a unit test.
 */
export const PROJECT_HOMEPAGE = 'https://github.com/checkoutconsole/checkout-console';
export const PROJECT_ISSUES = `${PROJECT_HOMEPAGE}/issues`;
export const PROJECT_README = `${PROJECT_HOMEPAGE}#readme`;

/** Pages of the manual a view names; a unit test holds each to a file in docs/. */
export const MANUAL_PAGES = ['docs/scenarios.md'] as const;
export type ManualPage = (typeof MANUAL_PAGES)[number];

/** A manual page on the project's site, where it reads as a page (the README links there too). */
export const manualPageUrl = (page: ManualPage): string => `${PROJECT_HOMEPAGE}/blob/main/${page}`;
