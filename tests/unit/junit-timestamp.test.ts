import { afterEach, describe, expect, it } from 'vitest';
import { endpointJunit } from '../../src/main/scenarios/reporters/endpoint-report';
import { junitReport, type JunitRun } from '../../src/main/scenarios/reporters/junit-report';

/**
 * JUnit's `timestamp` is a local time without zone (tests/fixtures/junit.xsd, as Ant writes
 * it). The report wrote the UTC time with its `Z` cut off, so a CI reading it as local put a
 * Riyadh run three hours early. It is now the local time of the machine running the scenarios.
 */
const savedTz = process.env['TZ'];
afterEach(() => {
  if (savedTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedTz;
});

const run = (status: JunitRun['status']): JunitRun => ({
  profileName: 'Local',
  startedAt: '2026-11-30T21:30:05.250Z',
  storedId: 7,
  status,
  durationMs: 40,
  totals: { scenarios: 1, passed: 1, failed: 0, errors: 0, skipped: 0 },
  scenarios: [
    {
      file: 'scenarios/one.yaml',
      name: 'one',
      status: 'passed',
      startedAt: '2026-11-30T21:30:05.250Z',
      durationMs: 40,
      orderIds: [],
      steps: [],
    },
  ],
});

const timestamps = (xml: string) => [...xml.matchAll(/timestamp="([^"]*)"/g)].map((match) => match[1]);

describe.each([
  { zone: 'UTC', local: '2026-11-30T21:30:05' },
  { zone: 'Asia/Riyadh', local: '2026-12-01T00:30:05' },
  { zone: 'America/Los_Angeles', local: '2026-11-30T13:30:05' },
])('JUnit timestamp under TZ=$zone', ({ zone, local }) => {
  it.each(['passed', 'interrupted'] as const)('a %s run says when it started in local time', (status) => {
    process.env['TZ'] = zone;
    const found = timestamps(junitReport(run(status)));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((timestamp) => timestamp === local)).toBe(true);
  });

  // check-endpoint --junit writes the same attribute, by the same function.
  it('check-endpoint --junit says when it started in local time', () => {
    process.env['TZ'] = zone;
    const xml = endpointJunit({
      url: 'http://127.0.0.1:9/hook',
      startedAt: '2026-11-30T21:30:05.250Z',
      durationMs: 40,
      reachable: true,
      passed: 0,
      failed: 0,
      informational: 0,
      noAnswer: 0,
      notSent: 0,
      skipped: 0,
      stopped: null,
      cases: [],
    });
    expect(timestamps(xml)).toEqual([local]);
  });
});
