import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ConsoleCore } from '../../../src/main/app';
import { startBrowserModeServer, type BrowserModeServer } from '../../../src/main/browser-mode/server';
import { rawRequest } from './http';
import { makeTempDir, openTempConsole } from './temp-console';

export interface BrowserModeHarness {
  core: ConsoleCore;
  server: BrowserModeServer;
  /** The console's data directory. */
  dataDir: string;
  /** Trades the launch token for the session cookie (`name=value`). */
  login: () => Promise<string>;
  /** A WebSocket to /bridge with these headers, or the status it was refused with (-1: no answer). */
  openSocket: (headers: Record<string, string>) => Promise<{ socket: WebSocket } | { status: number }>;
  dispose: () => Promise<void>;
}

/** Browser mode on a free port over a fresh console, serving a two-file stand-in renderer. */
export async function openBrowserMode(): Promise<BrowserModeHarness> {
  const opened = await openTempConsole();
  const staticDir = makeTempDir('cc-static-');
  mkdirSync(join(staticDir.dir, 'assets'));
  writeFileSync(join(staticDir.dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(staticDir.dir, 'assets', 'app.js'), 'console.log(1)');
  const server = await startBrowserModeServer(opened.core, {
    host: '127.0.0.1',
    port: 0,
    staticDir: staticDir.dir,
    openCommand: 'npx checkout-console --data-dir /tmp/a-console open',
  });
  return {
    core: opened.core,
    server,
    dataDir: opened.dataDir,
    async login() {
      const response = await rawRequest(server.launchUrl);
      expect(response.status).toBe(302);
      const setCookie = response.headers['set-cookie']?.[0] ?? '';
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      return setCookie.split(';')[0] ?? '';
    },
    openSocket: (headers) =>
      new Promise((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${server.port}/bridge`, { headers });
        socket.on('open', () => resolve({ socket }));
        socket.on('unexpected-response', (_request, response) =>
          resolve({ status: response.statusCode ?? 0 }),
        );
        socket.on('error', () => resolve({ status: -1 }));
      }),
    async dispose() {
      await server.close();
      await opened.dispose();
      staticDir.remove();
    },
  };
}
