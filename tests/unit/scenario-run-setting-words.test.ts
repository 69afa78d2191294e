import { describe, expect, it } from 'vitest';
import { runSettingWords } from '../../src/renderer/src/features/scenarios/run-setting-words';

// With the active profile switched mid-run, the view said "Runs on the active profile, Live
// (live), with this console's listener." while the run went on on Local.
const local = { name: 'Local', environment: 'local' } as const;
const live = { name: 'Live', environment: 'live' } as const;

describe('where a run of the Scenarios view goes', () => {
  it('before a run: the active profile', () => {
    expect(runSettingWords(local, null)).toBe(
      "Runs on the active profile, Local (local), with this console's listener and emulator. Every run is stored; its records are on the timeline.",
    );
  });

  it('during a run: the profile it started on, and what a switch meanwhile means', () => {
    expect(runSettingWords(local, local)).toBe(
      "This run is on Local (local), the profile it started on, with this console's listener and emulator; the listener stays on Local's port and token until the run ends.",
    );
    expect(runSettingWords(live, local)).toBe(
      "This run is on Local (local), the profile it started on, with this console's listener and emulator; the listener stays on Local's port and token until the run ends. The active profile is now Live (live): the next run goes there, and the listener moves to it once this run ends.",
    );
  });

  it('a run whose profile was renamed to a name that reads as its own is still on the active profile', () => {
    // Names are compared as every lookup compares them (profileNameKey): "local" renamed "Local"
    // mid-run was said to be another profile the next run would go to.
    const renamed = { name: 'ｌｏｃａｌ', environment: 'local' } as const;
    expect(runSettingWords(renamed, local)).toBe(
      "This run is on Local (local), the profile it started on, with this console's listener and emulator; the listener stays on Local's port and token until the run ends.",
    );
  });
});
