import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A scenario's check that did not pass is reported with what it expected and what it got. An
// expected value written `${env.…}` that held a profile's token (or an answer that echoed one)
// was written whole into the stored run, the report file and the terminal, though no report
// may hold a profile's token.

const temp = makeTempDir('cc-scenario-secrets-');
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
afterAll(() => temp.remove());

const API_TOKEN = 'sk_test_QUOTEDINREPORT_0123456789';

describe('a profile token a scenario check quotes', () => {
  it('is masked in the terminal, the report file and the stored run', async () => {
    const set = await runCliCaptured([
      '--data-dir',
      dataDir,
      'profiles',
      'set',
      'Local',
      '--api-token',
      API_TOKEN,
    ]);
    expect(set.code, set.stderr).toBe(0);
    mkdirSync(suite, { recursive: true });
    const scenario = join(suite, 'quoted.yaml');
    writeFileSync(
      scenario,
      [
        'name: quoted',
        'steps:',
        '  - step: checkout',
        '    sample: { country: SA }',
        '    expect: { fields: { /order_id: "${env.CC_QUOTED_TOKEN}" } }',
        '',
      ].join('\n'),
    );
    const report = join(temp.dir, 'report.xml');
    process.env['CC_QUOTED_TOKEN'] = API_TOKEN;
    try {
      const pretty = await runCliCaptured(['--data-dir', dataDir, 'test', scenario]);
      expect(pretty.code, pretty.stderr).toBe(1);
      const junit = await runCliCaptured([
        '--data-dir',
        dataDir,
        'test',
        scenario,
        '--reporter',
        'junit',
        '--out',
        report,
      ]);
      expect(junit.code, junit.stderr).toBe(1);
      const json = await runCliCaptured(['--data-dir', dataDir, 'test', scenario, '--reporter', 'json']);
      expect(json.code).toBe(1);
      // Each stored run whole, its checks included.
      const stored = await Promise.all(
        ['1', '2', '3'].map((number) => runCliCaptured(['--data-dir', dataDir, 'runs', number, '--json'])),
      );
      const runs = { stdout: stored.map((run) => run.stdout).join('\n'), stderr: '' };
      expect(runs.stdout).toContain('/order_id');
      for (const [where, text] of [
        ['pretty', pretty.stdout + pretty.stderr],
        ['junit file', readFileSync(report, 'utf8')],
        ['json', json.stdout],
        ['runs', runs.stdout + runs.stderr],
      ] as const) {
        expect(text, where).not.toContain(API_TOKEN);
        expect(text, where).not.toContain('QUOTEDINREPORT');
      }
      // The check still says what it expected, masked as every screen masks a token.
      expect(json.stdout).toContain(`••••${API_TOKEN.slice(-4)}`);
    } finally {
      delete process.env['CC_QUOTED_TOKEN'];
    }
  });
});
