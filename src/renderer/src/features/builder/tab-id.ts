const KEY = 'checkout-console.tab';

let id: string | null = null;

/** 32 hex digits. `crypto.randomUUID` needs a secure context, which a served page on a LAN address is not. */
function freshId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * This tab's (or desktop window's) id for its working copy. Kept in sessionStorage, which a
 * reload keeps and a new tab does not, so a reloaded tab finds its own working copy even when
 * another tab of the same console saved one since.
 */
export function tabId(): string {
  if (id !== null) return id;
  try {
    id = sessionStorage.getItem(KEY);
    if (id === null || !/^[A-Za-z0-9-]{1,64}$/.test(id)) {
      id = freshId();
      sessionStorage.setItem(KEY, id);
    }
  } catch {
    // No sessionStorage (a sandboxed page): one id for this page's life.
    id ??= freshId();
  }
  return id;
}
