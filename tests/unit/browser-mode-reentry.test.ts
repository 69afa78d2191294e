import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTROL_LAUNCH_LINK_PATH } from '../../src/main/browser-mode/control-endpoint';
import { controlFilePath, writeControlFile } from '../../src/main/browser-mode/control-file';
import type { BrowserModeServer } from '../../src/main/browser-mode/server';
import { openCommandFor } from '../../src/main/browser-mode/sign-in-page';
import { consoleCommandOn } from '../../src/main/console-command';
import { openBrowserMode, type BrowserModeHarness } from './helpers/browser-mode-harness';
import { rawRequest } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';

let harness: BrowserModeHarness;
let server: BrowserModeServer;

beforeEach(async () => {
  harness = await openBrowserMode();
  ({ server } = harness);
});
afterEach(async () => harness.dispose());

const askForLink = (headers: Record<string, string>, method = 'POST') =>
  rawRequest(`${server.origin}${CONTROL_LAUNCH_LINK_PATH}`, { method, headers });

/** Opens a launch URL as a browser would: the status, and the session cookie when one is set. */
async function follow(url: string): Promise<{ status: number; cookie: string | null }> {
  const response = await rawRequest(url, { headers: { Accept: 'text/html' } });
  const setCookie = response.headers['set-cookie']?.[0];
  return {
    status: response.status,
    cookie: setCookie === undefined ? null : (setCookie.split(';')[0] ?? ''),
  };
}

const advertise = (pid = process.pid) =>
  writeControlFile(harness.dataDir, {
    version: 1,
    pid,
    origin: server.origin,
    secret: server.controlSecret,
    startedAt: new Date().toISOString(),
  });

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the control endpoint: a new one-time link from the running console', () => {
  it('answers 401 without the control secret, 403 with a wrong one, and never mints a link', async () => {
    const missing = await askForLink({});
    expect(missing.status).toBe(401);
    const otherScheme = await askForLink({ Authorization: `Basic ${server.controlSecret}` });
    expect(otherScheme.status).toBe(401);
    const wrong = await askForLink({ Authorization: `Bearer ${'x'.repeat(43)}` });
    expect(wrong.status).toBe(403);
    const prefix = await askForLink({ Authorization: `Bearer ${server.controlSecret.slice(0, 20)}` });
    expect(prefix.status).toBe(403);
    for (const response of [missing, otherScheme, wrong, prefix]) {
      expect(response.body).not.toContain('token=');
      expect(response.body).not.toContain(server.controlSecret);
    }
  });

  it('refuses the right secret from a browser (an Origin header), by GET, or under a foreign Host', async () => {
    const authorization = `Bearer ${server.controlSecret}`;
    expect((await askForLink({ Authorization: authorization, Origin: server.origin })).status).toBe(403);
    expect((await askForLink({ Authorization: authorization }, 'GET')).status).toBe(405);
    expect(
      (await askForLink({ Authorization: authorization, Host: `rebound.example:${server.port}` })).status,
    ).toBe(403);
  });

  it('with the right secret answers a link to this console that signs in once', async () => {
    const response = await askForLink({ Authorization: `Bearer ${server.controlSecret}` });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { url } = JSON.parse(response.body) as { url: string };
    expect(url).toMatch(new RegExp(`^${server.origin}/\\?token=[\\w-]{32}$`));
    expect(url).not.toContain(server.controlSecret);
    expect(url).not.toBe(server.launchUrl);

    const first = await follow(url);
    expect(first.status).toBe(302);
    expect(first.cookie).not.toBeNull();
    const page = await rawRequest(`${server.origin}/`, { headers: { Cookie: first.cookie ?? '' } });
    expect(page.status).toBe(200);
    expect((await follow(url)).status).toBe(401);
    // The link printed at start is a separate one-time link, still unused.
    expect((await follow(server.launchUrl)).status).toBe(302);
    expect((await follow(server.launchUrl)).status).toBe(401);
  });
});

describe('the sign-in page says how to get back in', () => {
  it('a spent link names checkout-console open with the data directory, and says the console kept running', async () => {
    await harness.login();
    const spent = await rawRequest(server.launchUrl, { headers: { Accept: 'text/html' } });
    expect(spent.status).toBe(401);
    expect(spent.headers['content-type']).toMatch(/^text\/html/);
    expect(spent.body).toContain('already been used or is not valid');
    expect(spent.body).toContain(
      '<pre data-testid="open-command">npx checkout-console --data-dir /tmp/a-console open</pre>',
    );
    expect(spent.body).toContain('the listener, the emulator and your history were not touched');
    expect(spent.body).not.toMatch(/restart "?checkout-console serve/i);
  });

  it('the bare address says the same, as a page and as plain text', async () => {
    const page = await rawRequest(`${server.origin}/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(401);
    expect(page.body).toContain('not signed in');
    expect(page.body).toContain('npx checkout-console --data-dir /tmp/a-console open');
    const text = await rawRequest(`${server.origin}/`);
    expect(text.status).toBe(401);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('run npx checkout-console --data-dir /tmp/a-console open in a terminal');
    expect(text.body).toContain('The console is still running');
  });

  it('names the data directory only when it is not the default, quoted for the shell', () => {
    const defaultDir = '/home/q/.config/checkout-console';
    expect(openCommandFor(consoleCommandOn(defaultDir, defaultDir))).toBe('npx checkout-console open');
    expect(openCommandFor(consoleCommandOn("/tmp/qa's console", defaultDir))).toBe(
      `npx checkout-console --data-dir '/tmp/qa'\\''s console' open`,
    );
    expect(openCommandFor(consoleCommandOn('/tmp/qa', defaultDir), 4401)).toBe(
      'npx checkout-console --data-dir /tmp/qa open --port 4401',
    );
  });
});

describe('checkout-console open', () => {
  it('prints a new one-time link from the console serving the data directory, and never the secret', async () => {
    advertise();
    const run = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-browser']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Its first line says the link is new and the console is the one already running: the same
    // "Console ready at" as serve read as a console started anew.
    expect(run.stdout.split('\n')[0]).toMatch(
      new RegExp(`^A new sign-in link to the console already running at ${server.origin}: \\S+$`),
    );
    expect(run.stdout).not.toContain('Console ready');
    const url = /running at \S+: (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(url).toMatch(new RegExp(`^${server.origin}/\\?token=`));
    expect(run.stdout).not.toContain(server.controlSecret);
    // "Again" in a command that reaches this console: its data directory is not the default.
    expect(run.stdout).toContain(
      `This link works once: the first browser to open it stays signed in until this console stops; for another link, run npx checkout-console --data-dir ${harness.dataDir} open\n`,
    );
    expect((await follow(url)).status).toBe(302);
    expect((await follow(url)).status).toBe(401);
  });

  // serve says --no-open and open said --no-browser for the same thing: each takes both.
  it("takes serve's --no-open as well as its own --no-browser", async () => {
    advertise();
    const run = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-open']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^A new sign-in link to the console already running at /);
  });

  // Each took the other's name, but neither's help said so: --no-browser on serve, or --no-open
  // on open, read as a guess that happened to work.
  it.each([
    ['serve', '--no-open', '--no-browser'],
    ['open', '--no-browser', '--no-open'],
  ])('%s --help lists its own %s and the alias %s', async (command, own, alias) => {
    const run = await runCliCaptured([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^  ${own} `, 'm'));
    expect(run.stdout).toMatch(new RegExp(`^  ${alias} +the same as ${own} `, 'm'));
  });

  it('with no control file says no console is serving and how to start one', async () => {
    const run = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-browser']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: no console is serving from ${harness.dataDir}; start it with npx checkout-console --data-dir ${harness.dataDir} serve\n`,
    );
  });

  it('removes a file whose process is gone and says no console is serving', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    const path = advertise(child.pid);
    const run = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-browser']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('removed 1 control file(s) left by consoles that are no longer running');
    expect(run.stderr).toContain(
      `no console is serving from ${harness.dataDir}; start it with npx checkout-console --data-dir ${harness.dataDir} serve`,
    );
    expect(existsSync(path)).toBe(false);
  });

  it('says no console is serving when nothing answers at the port the file names', async () => {
    writeControlFile(harness.dataDir, {
      version: 1,
      pid: process.pid,
      origin: `http://127.0.0.1:${await closedPort()}`,
      secret: server.controlSecret,
      startedAt: new Date().toISOString(),
    });
    const run = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-browser']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `no console is serving from ${harness.dataDir}; start it with npx checkout-console --data-dir ${harness.dataDir} serve`,
    );
    expect(run.stderr).toContain('nothing answers');
    expect(run.stderr).not.toContain(server.controlSecret);
  });

  it('with two consoles on one data directory lists them, and --port picks one', async () => {
    const other = await openBrowserMode();
    try {
      advertise();
      writeControlFile(harness.dataDir, {
        version: 1,
        pid: process.ppid,
        origin: other.server.origin,
        secret: other.server.controlSecret,
        startedAt: new Date().toISOString(),
      });
      const both = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-browser']);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('2 consoles are serving from');
      // One line a console, not one line with the line breaks written out.
      expect(both.stderr).toMatch(/--port:\n {2}http:\/\/127\.0\.0\.1:\d+ \(pid \d+/);
      expect(both.stderr).toContain(server.origin);
      expect(both.stderr).toContain(other.server.origin);
      const picked = await runCliCaptured([
        '--data-dir',
        harness.dataDir,
        'open',
        '--no-browser',
        '--port',
        String(other.server.port),
      ]);
      expect(picked.code).toBe(0);
      expect(picked.stdout).toContain(`running at ${other.server.origin}: ${other.server.origin}/?token=`);
      // The command it gives for another link picks the same console: `open` alone refused.
      const again = `npx checkout-console --data-dir ${harness.dataDir} open --port ${other.server.port}`;
      expect(picked.stdout).toContain(`for another link, run ${again}\n`);
      const pickedAgain = await runCliCaptured([...again.split(' ').slice(2), '--no-browser']);
      expect(pickedAgain.code, pickedAgain.stderr).toBe(0);
      expect(pickedAgain.stdout).toContain(
        `running at ${other.server.origin}: ${other.server.origin}/?token=`,
      );
    } finally {
      await other.dispose();
    }
  });

  it('ignores a control file it cannot trust, with a warning', async () => {
    const path = controlFilePath(harness.dataDir, process.pid);
    advertise();
    writeFileSync(path, '{"version":1}');
    const run = await runCliCaptured(['--data-dir', harness.dataDir, 'open', '--no-browser']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/warning: ignoring .*serve-\d+\.control\.json: it is not a control file/);
  });
});

// `npm start` run again (a lost tab, a second terminal) serves on the same default port. It said
// only "pass --port 0", which starts a second console instead of leading back to the first.
describe('serve on a port that is taken', () => {
  const serveOnItsPort = () =>
    runCliCaptured(['--data-dir', harness.dataDir, 'serve', '--port', String(server.port), '--no-open']);

  it('by the console serving this data directory: says so, and how to get a link to it', async () => {
    advertise();
    const run = await serveOnItsPort();
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: Port ${server.port} is in use by the console already serving this data directory ` +
        `(${server.origin}, pid ${process.pid}). For a new link to it, run ` +
        `${openCommandFor(consoleCommandOn(harness.dataDir, '/nonexistent-default'))}; to start another console ` +
        `on this data directory, pass --port 0.\n`,
    );
  });

  it("takes open's --no-browser as well as its own --no-open", async () => {
    advertise();
    const run = await runCliCaptured([
      '--data-dir',
      harness.dataDir,
      'serve',
      '--port',
      String(server.port),
      '--no-browser',
    ]);
    expect(run.stderr).toMatch(
      /^error: Port \d+ is in use by the console already serving this data directory/,
    );
  });

  it('by another program: says so, and how to pick a free port', async () => {
    const run = await serveOnItsPort();
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: Port ${server.port} is in use; pass --port 0 to pick a free one.\n`);
  });
});
