import { readFile } from 'node:fs/promises';
import { parseJsonText } from '../../shared/json-text';
import { fileErrorWords } from '../file-error-words';
import type { CliContext } from './cli-context';
import { CommandExit, EXIT_USAGE } from './cli-errors';
import { codeFrame } from './format-findings';
import { terminalSafe } from './terminal-text';

async function readSource(file: string, context: CliContext): Promise<string> {
  if (file === '-') return context.io.readStdin();
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const reason = fileErrorWords(error);
    context.io.stderr(`error: cannot read ${file}: ${reason}\n`);
    throw new CommandExit(EXIT_USAGE);
  }
}

/**
 * A JSON file (or `-` for standard input) for commands that take one. Unreadable files and
 * malformed JSON are usage errors (exit 2) that say where the text breaks.
 */
export async function readJsonSource(
  file: string,
  context: CliContext,
): Promise<{ name: string; text: string; value: unknown }> {
  const name = file === '-' ? 'standard input' : file;
  const text = await readSource(file, context);
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    context.io.stderr(
      `error: ${terminalSafe(name)} is not valid JSON: ${terminalSafe(parsed.message)} at line ${parsed.line}, column ${parsed.column}\n` +
        codeFrame(text.replace(/^\uFEFF/, ''), parsed.line, parsed.column),
    );
    throw new CommandExit(EXIT_USAGE);
  }
  return { name, text, value: parsed.value };
}
