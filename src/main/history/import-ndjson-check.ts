import { createHash } from 'node:crypto';
import { createJsonTextMeasure } from '../../shared/json-text-measure';
import { formatBytesShort, formatCharacters } from '../../shared/byte-size';
import { parseJsonText } from '../../shared/json-text';
import { historyUtf8Hint, notUtf8FileWords, type ExportedEvent } from '../../shared/history-file';
import { createUtf8StreamReader } from '../../shared/utf8-text';
import {
  checkedRecord,
  createUidRegister,
  endsEarly,
  ImportError,
  importMeasureLimits,
  measureProblemWords,
  notJsonLineWords,
  recordDigest,
} from './import-file';
import { emptyFileWords } from './import-refusal-words';

/**
 * An NDJSON history file read as a stream, line by line, never whole: an export past V8's
 * longest string (512 MiB) could not be imported back, and a smaller large one took about nine
 * times its size in memory. The first pass checks everything readImportFile checks, and refuses
 * in its words with the same precedence (a byte that is not UTF-8 anywhere, then the measure,
 * then the first line that is not JSON, the first record that is wrong, the first uid said two
 * ways); it keeps only each uid's first place and digest. The second pass reads the same records
 * again for the writer, so nothing is written unless the whole file checked, and a file that
 * changed between the passes is refused.
 */

/** A line longer than a record with two bodies of the largest size is not kept whole to be read. */
const lineCapOf = (maxStringChars: number) => 2 * maxStringChars + 16 * 1024 * 1024;

interface Line {
  /** 0-based, as split(/\r?\n/) numbers them. */
  index: number;
  /** Without its \r\n; null when it was longer than the cap (`chars` says how long). */
  text: string | null;
  chars: number;
}

/**
 * The file's lines from its bytes: UTF-8 judged as the whole-file reader judges it (the first
 * byte that is not refuses the file, naming its line and column), each piece of text handed to
 * `onText` first, and `digest` the sha256 of every byte read.
 */
async function* linesOf(
  chunks: AsyncIterable<Uint8Array>,
  lineCap: number,
  onText: (piece: string) => void,
  digest: { update(bytes: Uint8Array): unknown },
  /** False once the lines' text is no longer read (the file is refused, or read whole): none is kept. */
  wanted: () => boolean = () => true,
): AsyncGenerator<Line> {
  const utf8 = createUtf8StreamReader(historyUtf8Hint);
  let parts: string[] = [];
  let chars = 0;
  let index = 0;
  const take = (piece: string): Line[] => {
    onText(piece);
    const lines: Line[] = [];
    let at = 0;
    for (let end = piece.indexOf('\n'); end !== -1; end = piece.indexOf('\n', at)) {
      const tail = piece.slice(at, end);
      chars += tail.length;
      const whole = chars > lineCap || !wanted() ? null : parts.length === 0 ? tail : parts.join('') + tail;
      const text = whole !== null && whole.endsWith('\r') ? whole.slice(0, -1) : whole;
      lines.push({ index, text, chars });
      index++;
      parts = [];
      chars = 0;
      at = end + 1;
    }
    const rest = piece.slice(at);
    chars += rest.length;
    // Past the cap only its length is kept: the line is refused (or the file read whole).
    if (chars <= lineCap && wanted()) parts.push(rest);
    else parts = [];
    return lines;
  };
  for await (const bytes of chunks) {
    digest.update(bytes);
    const read = utf8.read(bytes);
    if (!read.ok) throw new ImportError(notUtf8FileWords(read.problem));
    yield* take(read.text);
  }
  const last = utf8.end();
  if (!last.ok) throw new ImportError(notUtf8FileWords(last.problem));
  yield* take(last.text);
  yield { index, text: chars > lineCap || !wanted() ? null : parts.join(''), chars };
}

export type NdjsonCheck =
  | {
      /** Not NDJSON of more than one line (a JSON or HAR document, one record alone): read it whole. */
      kind: 'document';
    }
  | {
      kind: 'ndjson';
      /** Records to write (each uid once) and the same records again, read once. */
      records: number;
      repeated: number;
      /** Each uid's first record (its index among the file's records) and digest. */
      firstOf: (uid: string) => { index: number; digest: string } | undefined;
      /** sha256 of the file's bytes, to know the second pass read the same file. */
      digest: string;
    };

/**
 * The first pass: checks a whole NDJSON file as readImportFile would, or says it is a document
 * to read whole. Throws an ImportError in readImportFile's words.
 */
export async function checkNdjsonStream(
  chunks: AsyncIterable<Uint8Array>,
  maxBody: number,
): Promise<NdjsonCheck> {
  const limits = importMeasureLimits(maxBody);
  const measure = createJsonTextMeasure(limits);
  const digest = createHash('sha256');
  // Every byte read, for the words of a file with no line but blank ones (emptyFileWords).
  let bytesRead = 0;
  const digestCounted = {
    update: (bytes: Uint8Array) => {
      bytesRead += bytes.length;
      digest.update(bytes);
    },
  };
  const where = (index: number) => `Record ${index + 1}`;
  const register = createUidRegister(where);
  let records = 0;
  let firstNotJson = false;
  /** The first line that is not JSON; whether it was the last is known only at the next one. */
  let badLine: { index: number; message: string; column: number; cutWords: boolean } | null = null;
  let lineProblem: string | null = null;
  let recordProblem: string | null = null;
  let uidProblem: string | null = null;
  // A string too long refuses the file whatever else is wrong, but for a byte that is not UTF-8.
  const reading = () => measure.stringTooLong() === null && !firstNotJson && lineProblem === null;
  // Called on the measure: its feed is a method of a class, not a closure of its own.
  for await (const line of linesOf(
    chunks,
    lineCapOf(limits.maxStringChars),
    (piece) => measure.feed(piece),
    digestCounted,
    reading,
  )) {
    if (!reading()) continue;
    if (line.text !== null && line.text.trim() === '') continue;
    records++;
    if (badLine !== null) {
      // Another line follows the broken one: it is not where the file ends.
      lineProblem = notJsonLineWords(badLine.index + 1, badLine, false);
      continue;
    }
    if (line.text === null) {
      // One line that long is a document written without line breaks: read whole, if it can be.
      if (records === 1) firstNotJson = true;
      else
        lineProblem = `Line ${line.index + 1}: a record of ${formatCharacters(line.chars)} is longer than a record may be (two bodies of ${formatBytesShort(maxBody)} and the rest); nothing is read past it.`;
      continue;
    }
    const parsed = parseJsonText(line.text);
    if (!parsed.ok) {
      // Every JSON and HAR export opens on a line that is not JSON alone.
      if (records === 1) firstNotJson = true;
      else
        badLine = {
          index: line.index,
          message: parsed.message,
          column: parsed.column,
          cutWords: endsEarly(line.text, parsed),
        };
      continue;
    }
    if (recordProblem !== null) continue;
    let record: ExportedEvent;
    try {
      record = checkedRecord(parsed.value, where(records - 1), maxBody);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      recordProblem = error.message;
      continue;
    }
    if (uidProblem !== null) continue;
    try {
      register.add(record, records - 1);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      uidProblem = error.message;
    }
  }
  const measured = measure.end();
  if (measured !== null) throw new ImportError(measureProblemWords(measured, maxBody));
  // No line but blank ones: refused in readImportFile's words (no export is empty).
  if (records === 0) throw new ImportError(emptyFileWords(bytesRead));
  // One line alone may be a whole export or a list (readImportFile tells): it is no larger than a record.
  if (firstNotJson || records === 1) return { kind: 'document' };
  if (badLine !== null && lineProblem === null)
    lineProblem = notJsonLineWords(badLine.index + 1, badLine, badLine.cutWords);
  const problem = lineProblem ?? recordProblem ?? uidProblem;
  if (problem !== null) throw new ImportError(problem);
  return {
    kind: 'ndjson',
    records: records - register.repeated(),
    repeated: register.repeated(),
    firstOf: register.firstOf,
    digest: digest.digest('hex'),
  };
}

export const FILE_CHANGED =
  'The file changed while it was imported (it is not what was checked before anything was written); import it again once nothing writes to it.';

/**
 * The second pass: the records the first pass checked, each uid once, in batches for the
 * writer. Anything other than what was checked (a record, a line, a byte) is the file changed.
 */
export async function* recordsAgain(
  chunks: AsyncIterable<Uint8Array>,
  checked: Extract<NdjsonCheck, { kind: 'ndjson' }>,
  maxBody: number,
  batchChars = 4 * 1024 * 1024,
): AsyncGenerator<ExportedEvent[]> {
  const digest = createHash('sha256');
  const changed = () => new ImportError(FILE_CHANGED);
  let batch: ExportedEvent[] = [];
  let batchSize = 0;
  let index = 0;
  const lineCap = lineCapOf(importMeasureLimits(maxBody).maxStringChars);
  try {
    for await (const line of linesOf(chunks, lineCap, () => undefined, digest)) {
      if (line.text !== null && line.text.trim() === '') continue;
      if (line.text === null) throw changed();
      const parsed = parseJsonText(line.text);
      if (!parsed.ok) throw changed();
      const record = checkedRecord(parsed.value, `Record ${index + 1}`, maxBody);
      const first = checked.firstOf(record.uid);
      if (first === undefined || first.digest !== recordDigest(record)) throw changed();
      if (first.index === index) {
        batch.push(record);
        batchSize += line.text.length;
      }
      index++;
      if (batchSize >= batchChars || batch.length >= 1000) {
        yield batch;
        batch = [];
        batchSize = 0;
      }
    }
  } catch (error) {
    if (error instanceof ImportError) throw changed();
    throw error;
  }
  if (digest.digest('hex') !== checked.digest) throw changed();
  if (batch.length > 0) yield batch;
}
