import { describe, expect, it } from 'vitest';
import {
  problemCountWords,
  problemsHeading,
  problemsSummary,
} from '../../src/shared/scenarios/scenario-file-problems';

// Folder "bad" (8 invalid files, 13 problems): the Scenarios view said "13 files do not load",
// counting problems as files, while `test` said "13 problems in the scenario files".
const problem = (file: string) => ({ file, line: 1, column: 1, field: 'name', message: 'is wrong' });

describe('how many problems, in how many files', () => {
  it('counts files apart from problems, in the same words for the view and `test`', () => {
    const problems = [problem('a.yaml'), problem('a.yaml'), problem('b.yaml')];
    expect(problemCountWords(problems)).toBe('3 problems in 2 scenario files');
    expect(problemCountWords([problem('a.yaml')])).toBe('1 problem in 1 scenario file');
    expect(problemCountWords([problem('a.yaml'), problem('a.yaml')])).toBe('2 problems in 1 scenario file');
    expect(problemsSummary(problems)).toBe('3 problems in 2 scenario files; nothing was run.');
  });

  it("heads the view's list by the files that cannot run, not by the problems", () => {
    // "2 problems in 1 scenario file: those files cannot run" named one file as several.
    expect(problemsHeading([problem('a.yaml'), problem('a.yaml')])).toBe(
      '2 problems in 1 scenario file: it cannot run',
    );
    expect(problemsHeading([problem('a.yaml'), problem('b.yaml')])).toBe(
      '2 problems in 2 scenario files: they cannot run',
    );
  });
});

// `test nonexist/` printed "1 problem in 1 scenario file; nothing was run.": a path that names
// nothing is no scenario file, and was counted as one.
describe('a path that names nothing', () => {
  const missing = { ...problem('nonexist/'), line: null, column: null, field: null, missing: true };
  it('is counted as a path, not as a scenario file', () => {
    expect(problemsSummary([missing])).toBe('1 path that names nothing; nothing was run.');
    expect(problemCountWords([missing, { ...missing, file: 'gone.yaml' }])).toBe('2 paths that name nothing');
    expect(problemsSummary([problem('a.yaml'), missing])).toBe(
      '1 problem in 1 scenario file and 1 path that names nothing; nothing was run.',
    );
    expect(problemsHeading([missing])).toBe('1 path that names nothing: it cannot run');
  });
});
