/**
 * Why a scenario file cannot run, and the words for it. One owner for the words: the command
 * line's `test`, the Scenarios view's problem list and a refused run all say it the same way.
 */

/** Why a scenario file cannot run: where (file, line, column), which field, and what is wrong. */
export interface ScenarioFileProblem {
  file: string;
  line: number | null;
  column: number | null;
  field: string | null;
  message: string;
  /** The path names nothing at all (a folder not made yet), rather than a broken file. */
  missing?: boolean;
}

/**
 * One file's problems in the order of its lines, then columns (a problem of no known line
 * first): zod reports a step's unknown field before its other problems, so a file's 4:5 was
 * printed before its 3:5. Stable, so problems at one place keep the order they were found in.
 */
export function inLineOrder(problems: readonly ScenarioFileProblem[]): ScenarioFileProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** `file:line:column: field: message`, the parts that are known. */
export function formatProblem(problem: ScenarioFileProblem): string {
  const where = [problem.file, problem.line, problem.column].filter((part) => part !== null).join(':');
  return `${where}: ${problem.field === null ? '' : `${problem.field}: `}${problem.message}`;
}

/**
 * `13 problems in 8 scenario files`: problems and the files they are in, counted apart (a file
 * can have several). The view counted its 13 problems as 13 files that do not load.
 */
export function problemCountWords(problems: readonly ScenarioFileProblem[]): string {
  // A path that names nothing is no scenario file: `test nonexist/` said "1 problem in 1 scenario file".
  const missing = problems.filter((problem) => problem.missing === true).length;
  const broken = problems.filter((problem) => problem.missing !== true);
  const count = broken.length;
  const files = new Set(broken.map((problem) => problem.file)).size;
  const parts = [];
  if (count > 0 || missing === 0)
    parts.push(
      `${count} problem${count === 1 ? '' : 's'} in ${files} scenario file${files === 1 ? '' : 's'}`,
    );
  if (missing > 0)
    parts.push(missing === 1 ? '1 path that names nothing' : `${missing} paths that name nothing`);
  return parts.join(' and ');
}

/** The Scenarios view's title over the problems: `2 problems in 1 scenario file: it cannot run`. */
export function problemsHeading(problems: readonly ScenarioFileProblem[]): string {
  const files = new Set(problems.map((problem) => problem.file)).size;
  return `${problemCountWords(problems)}: ${files === 1 ? 'it cannot' : 'they cannot'} run`;
}

/** The line after the problems of a run that was refused because of them. */
export function problemsSummary(problems: readonly ScenarioFileProblem[]): string {
  return `${problemCountWords(problems)}; nothing was run.`;
}
