import { utf8ByteLength } from './byte-size';
import type { BodyView } from './events';
import { hasTerminalUnsafe } from './terminal-unsafe';
import { shellQuote } from './shell-quote';

// How "Copy as cURL" sends a stored body: as a quoted argument when a terminal can be handed it,
// else decoded from base64 on standard input (curl.ts builds the rest of the command).

/** Whether body text can go inside single quotes on a terminal (else it goes through base64). */
function isSafeInArgument(text: string): boolean {
  return !hasTerminalUnsafe(text);
}

export interface BodyPlan {
  /** Arguments for curl. */
  args: string[];
  /** A pipeline that feeds the body on standard input, for bytes a shell argument cannot hold. */
  feed: string | null;
}

function bytesOfBase64(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** How many bytes of the body are stored, and those bytes as base64, from its text or its base64. */
export const storedBytesOf = (body: BodyView) =>
  body.text !== null ? utf8ByteLength(body.text) : bytesOfBase64(body.base64 ?? '');
export const base64Of = (body: BodyView) =>
  body.text !== null ? base64OfText(body.text) : (body.base64 ?? '');

export function bodyPlan(body: BodyView | null, notes: string[]): BodyPlan {
  if (body === null) return { args: [], feed: null };
  const stored = storedBytesOf(body);
  if (body.truncated) {
    notes.push(
      `The stored body was truncated (${stored} of ${body.size} bytes kept); this command sends only what was stored.`,
    );
  }
  if (body.text !== null && body.text === '') return { args: [], feed: null };
  if (body.text !== null && isSafeInArgument(body.text)) {
    // --data-raw: sent exactly as written (no @file, no stripped newlines).
    return { args: ['--data-raw', shellQuote(body.text)], feed: null };
  }
  const base64 = base64Of(body);
  notes.push(
    body.text === null
      ? 'The body is not UTF-8 text, so the command decodes it from base64 and sends it on standard input.'
      : 'The body holds characters a terminal must not be handed as they are (control characters, or invisible ones such as a byte order mark), so the command decodes it from base64 and sends it on standard input.',
  );
  return { args: ['--data-binary', '@-'], feed: `printf '%s' ${shellQuote(base64)} | base64 --decode | ` };
}
