import { readFile } from 'node:fs/promises';
import { parseJsonText } from '../../shared/json-text';
import { decodeUtf8Strictly } from '../../shared/utf8-text';
import { fileErrorWords } from '../file-error-words';
import type { CliContext } from './cli-context';
import { CommandExit, EXIT_USAGE } from './cli-errors';
import { codeFrame } from './format-findings';
import { terminalSafe } from './terminal-text';

async function readSourceBytes(file: string, context: CliContext): Promise<Uint8Array | string> {
  if (file === '-') return context.io.readStdinBytes?.() ?? context.io.readStdin();
  try {
    return await readFile(file);
  } catch (error) {
    const reason = fileErrorWords(error);
    context.io.stderr(`error: cannot read ${file}: ${reason}\n`);
    throw new CommandExit(EXIT_USAGE);
  }
}

/**
 * The source as text, strictly UTF-8: read as UTF-8 with replacement, a Latin-1 "é" became
 * U+FFFD, so `validate` found nothing wrong and `send` sent (and stored) a body the file does not
 * hold, which the emulator then accepted, while the same bytes sent as they are are refused.
 */
async function readSource(file: string, name: string, context: CliContext): Promise<string> {
  const source = await readSourceBytes(file, context);
  if (typeof source === 'string') return source;
  const decoded = decodeUtf8Strictly(source);
  if (decoded.ok) return decoded.text;
  context.io.stderr(`error: ${terminalSafe(name)} is not UTF-8 text: ${decoded.problem}\n`);
  throw new CommandExit(EXIT_USAGE);
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
  const text = await readSource(file, name, context);
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
