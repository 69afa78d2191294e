import { relative } from 'node:path';
import {
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import { errorWords } from '../../shared/error-words';
import type { z } from 'zod';
import { formatJsonPath } from '../../shared/json-path';
import { readRegularFile } from '../read-regular-file';
import {
  SCENARIO_FILE_MAX_BYTES,
  scenarioSchema,
  type Scenario,
} from '../../shared/scenarios/scenario-schema';
import { stepTitle } from '../../shared/scenarios/step-title';
import { inLineOrder, type ScenarioFileProblem } from '../../shared/scenarios/scenario-file-problems';
import { readSteps, unsetVariables } from './unset-variables';
import { readPath } from '../../shared/scenarios/json-pointer';
import { variableNamesIn } from '../../shared/scenarios/variables';
import { expandScenarioPaths } from './scenario-paths';
import { applyMergeKeys, mergeKeys } from './yaml-merge-keys';

/** A scenario file that was read and validated. */
export interface LoadedScenario {
  /** Absolute path. */
  path: string;
  /** As the user names it: relative to the working directory given to the loader. */
  file: string;
  scenario: Scenario;
  /** The line each step starts on (1-based). */
  stepLines: number[];
}

/**
 * The YAML node a zod issue points at (with `key`, that key of the mapping at `path`), or the
 * nearest ancestor that exists (a missing key → its object).
 */
function nodeAt(doc: Document, path: readonly PropertyKey[], key: string | null): Node | null {
  for (let length = path.length; length >= 0; length -= 1) {
    const node = doc.getIn(path.slice(0, length) as (string | number)[], true);
    if (node === undefined || node === null || typeof node !== 'object') continue;
    if (length === path.length && key !== null && isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
      if (pair !== undefined && isScalar(pair.key)) return pair.key;
    }
    if (isMap(node) || isSeq(node) || isScalar(node)) return node;
  }
  return null;
}

/**
 * Only durations and statuses take a `${variable}` (checked when the step runs); a field of one
 * of a fixed set of words (`state`, `token`, `operation`…), a number or true/false is written
 * out. Said so, so the message is not read as the variable's value being wrong. A refusal of
 * the schema's own (a send-webhook URL's password, even one written as `${env.PASS}`) is about
 * text that may hold variables, and is said as it is.
 */
const NO_VARIABLE_HERE = '; this field takes its value written out, not a ${variable}';

/** What an issue says, and where: the node it points at (a key, when `key` is set) and the field it names. */
interface PlacedIssue {
  message: string;
  path: readonly PropertyKey[];
  key: string | null;
  field: readonly PropertyKey[];
}

function placedIssue(issue: z.core.$ZodIssue, js: unknown): PlacedIssue {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return { message: `unknown field "${key}"`, path: issue.path, key, field: [...issue.path, key] };
  }
  // A key its mapping does not take (`vars: { a b: 1 }`, `set: { no-slash: 1 }`): the key's own
  // reason (it names the key), at the key, under the mapping's name; zod's outer words gave none.
  if (issue.code === 'invalid_key') {
    const parent = issue.path.slice(0, -1);
    const key = String(issue.path.at(-1) ?? '');
    return { message: issue.issues[0]?.message ?? issue.message, path: parent, key, field: parent };
  }
  const value = readPath(js, issue.path);
  const usesVariable =
    issue.code !== 'custom' && typeof value === 'string' && variableNamesIn(value).length > 0;
  return {
    message: `${issue.message}${usesVariable ? NO_VARIABLE_HERE : ''}`,
    path: issue.path,
    key: null,
    field: issue.path,
  };
}

/**
 * Every repeated key of the document, where (its offset) and which. The yaml library's
 * `uniqueKeys` rule (scalar keys equal by value), in one pass per map with a set.
 */
function duplicateKeys(doc: Document): { at: number; key: string }[] {
  const found: { at: number; key: string }[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key: unknown = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        const at = isNode(pair.key) ? pair.key.range?.[0] : undefined;
        if (at !== undefined) found.push({ at, key: String(key) });
      }
    },
  });
  // Every one, in the file's order: the first alone hid the others, and named no key.
  return found.sort((a, b) => a.at - b.at);
}

/** YAML the reader refused, where; with a hint when an unquoted variable inside { } or [ ] is why. */
function yamlProblem(
  file: string,
  text: string,
  line: number | null,
  column: number | null,
  message: string,
): ScenarioFileProblem {
  const source = line === null ? '' : (text.split('\n')[line - 1] ?? '');
  const hint = /[{[][^'"]*\$\{/.test(source)
    ? ' (inside { } or [ ], write a variable in quotes: "${name}")'
    : '';
  return { file, line, column, field: null, message: `not valid YAML: ${message}${hint}` };
}

/** Where the document's first alias (`*name`) is: where a refused expansion of aliases starts. */
function aliasPosition(
  doc: Document,
  lineCounter: LineCounter,
): { line: number | null; column: number | null } {
  let start: number | null = null;
  visit(doc, {
    Alias(_, node) {
      start = node.range?.[0] ?? null;
      return visit.BREAK;
    },
  });
  if (start === null) return { line: null, column: null };
  const position = lineCounter.linePos(start);
  return { line: position.line, column: position.col };
}

/** Reads and validates one scenario file; YAML and schema errors come back with their line and field. */
export function loadScenarioFile(path: string, cwd: string): LoadedScenario | ScenarioFileProblem[] {
  const file = relative(cwd, path) || path;
  const fileProblem = (message: string): ScenarioFileProblem[] => [
    { file, line: null, column: null, field: null, message },
  ];
  const read = readRegularFile(
    path,
    SCENARIO_FILE_MAX_BYTES,
    'a scenario file is read as UTF-8; was it saved as Latin-1 or another encoding?',
  );
  // Read with replacement, `name: latin \xe9` loaded as "latin \uFFFD" and ran.
  if (!read.ok && read.problem === 'not_utf8')
    return [
      {
        file,
        line: read.line,
        column: read.column,
        field: null,
        message: `is not UTF-8 text: ${read.reason}`,
      },
    ];
  if (!read.ok)
    return fileProblem(
      read.problem === 'unreadable'
        ? `cannot be read: ${read.reason}`
        : `is ${read.bytes.toLocaleString('en-US')} bytes; a scenario file is at most 1 MiB (${SCENARIO_FILE_MAX_BYTES.toLocaleString('en-US')} bytes): split it, or put large payloads in payload files`,
    );
  return loadScenarioText(read.text, path, file);
}

/**
 * One scenario file's text, checked as `test` checks it (`file` names it in problems): also a
 * text about to be saved (Save as scenario), before it is written.
 */
export function loadScenarioText(
  text: string,
  path: string,
  file: string,
): LoadedScenario | ScenarioFileProblem[] {
  const lineCounter = new LineCounter();
  // Keys are checked for duplicates below: the library's own check compares each key with every
  // earlier one of its map, which took minutes for a file with tens of thousands of keys.
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: false });
  // The first syntax error is the real one; the rest are usually its echoes.
  const syntax = doc.errors[0];
  const duplicates = duplicateKeys(doc).filter(({ at }) => syntax === undefined || at < syntax.pos[0]);
  if (duplicates.length > 0)
    return duplicates.map(({ at, key }) => {
      const { line, col } = lineCounter.linePos(at);
      return yamlProblem(file, text, line, col, `\`${key}\` is given twice in the same mapping`);
    });
  // The library's words for a second document name its own API ("please use
  // YAML.parseAllDocuments()"); a scenario is one document, said in ours.
  if (syntax?.code === 'MULTIPLE_DOCS') {
    const { line, col } = lineCounter.linePos(syntax.pos[0]);
    return [
      {
        file,
        line,
        column: col,
        field: null,
        message: `a scenario file holds one YAML document; found a second at line ${line}`,
      },
    ];
  }
  // A file nested thousands deep (`[[[[…`) ran the reader out of stack: it was said as
  // "not valid YAML: Maximum call stack size exceeded", as if the syntax were wrong.
  if (syntax !== undefined && /Maximum call stack size exceeded/.test(syntax.message))
    return [
      {
        file,
        line: syntax.linePos?.[0].line ?? null,
        column: syntax.linePos?.[0].col ?? null,
        field: null,
        message: 'nests too deep to read: the YAML reader ran out of stack here',
      },
    ];
  if (syntax !== undefined)
    return [
      yamlProblem(
        file,
        text,
        syntax.linePos?.[0].line ?? null,
        syntax.linePos?.[0].col ?? null,
        (syntax.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, ''),
      ),
    ];
  if (doc.contents === null)
    return [
      {
        file,
        line: null,
        column: null,
        field: null,
        message: 'the file is empty; a scenario has a name and steps',
      },
    ];
  const merges = mergeKeys(doc);
  const mergeProblems = merges.map(({ at, field, alias }): ScenarioFileProblem => {
    const { line, col } = lineCounter.linePos(at);
    return {
      file,
      line,
      column: col,
      field: formatJsonPath(field),
      message: `\`<<\` (a YAML merge key) is not supported: write the fields out, or repeat a whole step with an alias (\`- *${alias ?? 'name'}\`)`,
    };
  });
  let js: unknown;
  try {
    js = doc.toJS();
  } catch (error) {
    // The yaml library refuses to expand aliases past a limit ("Excessive alias count…": an
    // alias bomb, nested anchors that would grow to gigabytes); that is this file's problem.
    return inLineOrder([
      ...mergeProblems,
      {
        file,
        ...aliasPosition(doc, lineCounter),
        field: null,
        message: `cannot be read: ${errorWords(error)}`,
      },
    ]);
  }
  applyMergeKeys(js, merges);
  const at = ({ message, path, key, field }: PlacedIssue) => {
    const node = nodeAt(doc, path, key);
    const position =
      node?.range === undefined || node.range === null ? null : lineCounter.linePos(node.range[0]);
    return {
      file,
      line: position?.line ?? null,
      column: position?.col ?? null,
      field: formatJsonPath(field),
      message,
    };
  };
  const parsed = scenarioSchema.safeParse(js);
  // Variables are checked beside the schema's problems, on the steps that could be read: checked
  // only once the rest was right, a file's typos came to light one round of fixes later.
  const unset = parsed.success
    ? unsetVariables(
        parsed.data.vars,
        parsed.data.steps.map((step) => ({ step })),
      )
    : unsetVariables(readPath(js, ['vars']), readSteps(js));
  const problems = [
    ...mergeProblems,
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => at(placedIssue(issue, js)))),
    ...unset.map(({ path, message }) => at({ message, path, key: null, field: path })),
  ];
  if (!parsed.success || problems.length > 0) return inLineOrder(problems);
  const steps = doc.getIn(['steps'], true);
  const stepLines = parsed.data.steps.map((_, index) => {
    const node: unknown = isSeq(steps) ? steps.items[index] : undefined;
    // A step written as an alias (`- *auth`) is said where the alias is (it was "line 1").
    const start = isMap(node) || isAlias(node) ? node.range?.[0] : undefined;
    return start === undefined ? 1 : lineCounter.linePos(start).line;
  });
  return { path, file, scenario: parsed.data, stepLines };
}

export interface LoadedSuite {
  scenarios: LoadedScenario[];
  problems: ScenarioFileProblem[];
}

/** Every scenario named by `paths`, with every problem found (nothing runs until none is left). */
export function loadScenarios(paths: readonly string[], cwd: string): LoadedSuite {
  const { files, problems } = expandScenarioPaths(paths, cwd);
  const scenarios: LoadedScenario[] = [];
  for (const path of files) {
    let loaded: LoadedScenario | ScenarioFileProblem[];
    try {
      loaded = loadScenarioFile(path, cwd);
    } catch (error) {
      // Whatever a file does to the reader, it is that file's problem: the others are still read
      // and reported, and the run is refused as for any bad file (exit 2), not crashed (exit 1).
      const file = relative(cwd, path) || path;
      loaded = [
        { file, line: null, column: null, field: null, message: `cannot be read: ${errorWords(error)}` },
      ];
    }
    if (Array.isArray(loaded)) problems.push(...loaded);
    else scenarios.push(loaded);
  }
  if (files.length === 0 && problems.length === 0)
    problems.push({
      file: paths.join(' '),
      line: null,
      column: null,
      field: null,
      message: 'no scenario files (*.yaml, *.yml) found',
    });
  return { scenarios, problems };
}

/** The outline the UI and the reporters draw before a run. */
export function outlineOf(loaded: LoadedScenario) {
  return {
    file: loaded.file,
    name: loaded.scenario.name,
    description: loaded.scenario.description ?? null,
    steps: loaded.scenario.steps.map((step, index) => ({
      kind: step.step,
      title: stepTitle(step),
      line: loaded.stepLines[index] ?? null,
    })),
  };
}
