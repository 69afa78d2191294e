import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { protocol } from 'electron';
import { contentTypeFor, resolveStaticPath } from '../browser-mode/static-files';
import { contentSecurityPolicy } from '../content-security-policy';
import { APP_HOST, APP_SCHEME } from './trusted-url';

/** Must run before `app.ready`: makes app:// a standard, secure origin (like https). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer at app://console/ with the console's CSP on every response. */
export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    let file = resolveStaticPath(rendererDir, url.pathname);
    if (file !== null && extname(url.pathname) === '') file = join(rendererDir, 'index.html');
    if (file === null) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: { 'Content-Type': contentTypeFor(file), 'Content-Security-Policy': contentSecurityPolicy() },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
