import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A send-webhook step whose endpoint answered 200 and then cut its body failed as "no answer",
// while check-endpoint grades the same answer on its status with the cut said beside it. One rule:
// the endpoint answered; the step is judged on that status, and the cut is said.
const temp = makeTempDir('cc-send-cut-');
let cutting: Server;
let url = '';

beforeAll(async () => {
  cutting = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"received":');
      setTimeout(() => res.destroy(), 20);
    });
  });
  await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(cutting.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  cutting.closeAllConnections();
  await new Promise<void>((resolve) => cutting.close(() => resolve()));
  temp.remove();
});

describe('a send-webhook step whose endpoint cut its answer after the status', () => {
  it('is judged on that status, the cut said beside it', async () => {
    const scenarios = join(temp.dir, 'scenarios');
    mkdirSync(scenarios, { recursive: true });
    const step = (status: string) =>
      `  - step: send-webhook\n    to: ${url}\n    body: { order_id: x, event_type: order_approved }\n    expect: { status: ${status} }\n`;
    writeFileSync(join(scenarios, 'a.yaml'), `name: answered 200\nsteps:\n${step('200')}`);
    writeFileSync(join(scenarios, 'b.yaml'), `name: expected 4xx\nsteps:\n${step('4xx')}`);
    const run = await runCliCaptured([
      '--data-dir',
      join(temp.dir, 'data'),
      'test',
      scenarios,
      '--reporter',
      'json',
    ]);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    const byName = new Map(report.scenarios.map((scenario) => [scenario.name, scenario]));
    const answered = byName.get('answered 200')?.steps[0];
    expect(answered?.status).toBe('passed');
    expect(answered?.checks[0]?.actual).toMatch(
      /^200 \(.*answered 200, then closed the connection 12 bytes into a body of 1000/,
    );
    expect(answered?.message).toMatch(/^200 \(.*then closed the connection/);
    const refused = byName.get('expected 4xx')?.steps[0];
    expect(refused?.status).toBe('failed');
    expect(refused?.checks[0]).toMatchObject({ expected: '4xx', passed: false });
    expect(refused?.checks[0]?.actual).toMatch(/^200 \(/);
  });
});
