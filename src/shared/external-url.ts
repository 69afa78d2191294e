import { z } from 'zod';

/**
 * Addresses that leave the console for the system browser: web pages (and mail). Those the
 * service provides (a `checkout_url`, say) open only after a confirmation that shows where
 * they really go, so this reads them the way the browser will: parsed, never substring-matched
 * (`https://trusted.example@evil.example/` goes to evil.example, and that is what is shown).
 */
export interface ExternalDestination {
  /** The address as the browser will load it. */
  href: string;
  /** What to show as "where": host and port for the web, the address for mail. */
  where: string;
  /** A web page over plain HTTP (not encrypted), to say so. */
  plainHttp: boolean;
}

export function externalDestination(url: string): ExternalDestination | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'mailto:')
    return { href: parsed.href, where: decodeURIComponent(parsed.pathname), plainHttp: false };
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.host === '') return null;
  return { href: parsed.href, where: parsed.host, plainHttp: parsed.protocol === 'http:' };
}

export const externalUrlSchema = z
  .string()
  .max(8192, 'An address is at most 8192 characters')
  .refine(
    (url) => externalDestination(url) !== null,
    'Only http, https and mailto addresses open outside the console',
  );
