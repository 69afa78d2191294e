import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A send-webhook step's `to: <url>` reached a live profile's address unasked when the run's own
// profile was not live (a run is confirmed only for a live profile). Now such a step needs the
// run's --yes-live, refused in the words every send to a live address is refused with.

const temp = makeTempDir('cc-live-send-webhook-');
const dataDir = join(temp.dir, 'data');
const scenarios = join(temp.dir, 'scenarios');
let live: Server;
let liveUrl = '';
const arrived: string[] = [];

const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);

beforeAll(async () => {
  live = createServer((request, response) => {
    arrived.push((request.url ?? '').split('?')[0] ?? '');
    request.resume();
    request.on('end', () => response.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
  liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}/hooks`;
  expect((await cli('profiles', 'set', 'Live', '--public-listener-url', liveUrl)).code).toBe(0);
  mkdirSync(scenarios, { recursive: true });
});
afterAll(async () => {
  await new Promise((resolve) => live.close(resolve));
  temp.remove();
});

const scenario = (to: string) =>
  `name: to production\nsteps:\n  - step: send-webhook\n    to: ${to}\n    body: { order_id: x, event_type: order_approved }\n`;

describe("a send-webhook step to a live profile's address, on a profile that is not live", () => {
  it('refuses the run without --yes-live (exit 2), nothing sent; sends with it', async () => {
    arrived.splice(0);
    const file = join(scenarios, 'literal.yaml');
    writeFileSync(file, scenario(liveUrl.replace('127.0.0.1', 'localhost')));
    const refused = await cli('test', file, '--reporter', 'json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `${liveUrl.replace('127.0.0.1', 'localhost')} belongs to a live profile ("Live", its public listener URL ${liveUrl}): a scenario's send-webhook step to it reaches production. Pass --yes-live to confirm it.`,
    );
    expect(arrived).toEqual([]);
    const confirmed = await cli('test', file, '--reporter', 'json', '--yes-live');
    expect(confirmed.code).toBe(0);
    expect(arrived).toEqual(['/hooks']);
  });

  it('fails the step when the URL is known only as it runs (a variable), nothing sent', async () => {
    arrived.splice(0);
    const file = join(scenarios, 'variable.yaml');
    writeFileSync(file, scenario('${env.CC_LIVE_TARGET}'));
    process.env.CC_LIVE_TARGET = liveUrl;
    try {
      const run = await cli('test', file, '--reporter', 'json');
      const report = runReportSchema.parse(JSON.parse(run.stdout));
      const step = report.scenarios[0]?.steps[0];
      expect(step?.status).not.toBe('passed');
      expect(step?.message).toContain(
        `${liveUrl} belongs to a live profile ("Live", its public listener URL ${liveUrl}): a scenario's send-webhook step to it reaches production.`,
      );
      expect(arrived).toEqual([]);
    } finally {
      delete process.env.CC_LIVE_TARGET;
    }
  });
});
