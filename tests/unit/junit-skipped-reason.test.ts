import { describe, expect, it } from 'vitest';
import { junitReport } from '../../src/main/scenarios/reporters/junit-report';
import {
  SKIP_REASONS,
  type ScenarioResult,
  type StepResult,
} from '../../src/shared/scenarios/scenario-results';

// A scenario the run was cancelled under got <skipped message="order 5be7… (new)">: the message
// of its first step, which had run, instead of why the scenario did not finish.

const step = (index: number, status: StepResult['status'], message: string | null): StepResult => ({
  index,
  kind: 'wait',
  title: `step ${index + 1}`,
  line: index + 3,
  status,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  message,
  checks: [],
  recordIds: [],
});

const cancelled: ScenarioResult = {
  file: 'slow/s1.yaml',
  name: 'slow one',
  status: 'skipped',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 2000,
  orderIds: [],
  steps: [
    step(0, 'passed', 'order 5be7a1c2 (new)'),
    step(1, 'skipped', SKIP_REASONS.cancelledUnderWay),
    step(2, 'skipped', SKIP_REASONS.cancelled),
  ],
};

describe('JUnit <skipped> says why the scenario did not run to its end', () => {
  it('the reason of its first skipped step, not the message of a step that ran', () => {
    const xml = junitReport({
      profileName: 'Local',
      startedAt: '2026-01-01T00:00:00.000Z',
      storedId: 7,
      status: 'cancelled',
      durationMs: 2000,
      totals: { scenarios: 1, passed: 0, failed: 0, errors: 0, skipped: 1 },
      scenarios: [cancelled],
    });
    expect(xml).toContain(`<skipped message="${SKIP_REASONS.cancelledUnderWay}"/>`);
    expect(xml).not.toContain('<skipped message="order 5be7a1c2 (new)"');
  });
});
