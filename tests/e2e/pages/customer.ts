import type { Browser, Page } from '@playwright/test';

/**
 * The customer on the hosted checkout page, in a browser context of their own, as a customer is
 * someone else on another machine. A tab of the console's own context may share the console's
 * renderer process, and closing such a tab right after Pay froze both pages on a busy machine
 * (at a 5–8× CPU throttle 4 runs in 16 hung in that close for minutes; in a context of its own,
 * none in 16).
 */
export async function asCustomer<T>(browser: Browser, act: (customer: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await act(await context.newPage());
  } finally {
    await context.close();
  }
}
