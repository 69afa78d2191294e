/**
 * Where the project lives; the Help menu and Settings link here. Kept equal to package.json's
 * `homepage` and `bugs.url` by a unit test.
 */
export const PROJECT_HOMEPAGE = 'https://github.com/checkoutconsole/checkout-console';
export const PROJECT_ISSUES = `${PROJECT_HOMEPAGE}/issues`;
export const PROJECT_README = `${PROJECT_HOMEPAGE}#readme`;
