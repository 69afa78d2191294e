import { useEffect, useMemo, useState } from 'react';
import { prettyAnswerSchema } from './pretty-json-messages';
import { prettyJsonTextAsWritten } from './pretty-json-text';

/** Up to this many characters a text is printed on the page, at once (no flash of "formatting"). */
export const PRETTY_ON_PAGE_CHARS = 256 * 1024;

/** The last texts printed, so a record opened again (or fetched again) is not printed again. */
const RECENT = 2;
const recent = new Map<string, string | null>();

function remember(text: string, pretty: string | null): void {
  recent.delete(text);
  recent.set(text, pretty);
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT) break;
    recent.delete(oldest);
  }
}

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 0;
const waiting = new Map<number, { text: string; done: (pretty: string | null) => void }>();

/** In the page, one task later: where no worker can start, the view still gets its JSON. */
function printOnPage(text: string, done: (pretty: string | null) => void): void {
  setTimeout(() => done(prettyJsonTextAsWritten(text)), 0);
}

function startWorker(): Worker | null {
  if (worker !== null || workerFailed) return worker;
  try {
    worker = new Worker(new URL('./pretty-json.worker.ts', import.meta.url), {
      type: 'module',
      name: 'pretty-json',
    });
    worker.onmessage = (event: MessageEvent<unknown>) => {
      const answer = prettyAnswerSchema.safeParse(event.data);
      if (!answer.success) return console.error('The pretty-printing worker answered something unexpected');
      const request = waiting.get(answer.data.id);
      waiting.delete(answer.data.id);
      request?.done(answer.data.pretty);
    };
    worker.onerror = (event) => {
      // A worker that cannot load (or crashed) is not retried: the page prints what waits.
      console.error('The pretty-printing worker failed; printing on the page instead', event.message);
      event.preventDefault();
      workerFailed = true;
      worker?.terminate();
      worker = null;
      for (const request of waiting.values()) printOnPage(request.text, request.done);
      waiting.clear();
    };
  } catch (error) {
    console.error('No pretty-printing worker; printing on the page instead', error);
    workerFailed = true;
  }
  return worker;
}

function printLater(text: string, done: (pretty: string | null) => void): void {
  const printer = startWorker();
  if (printer === null) return printOnPage(text, done);
  const id = nextId++;
  waiting.set(id, { text, done });
  printer.postMessage({ id, text });
}

export type PrettyJson = { state: 'printed'; pretty: string | null } | { state: 'printing' };

/**
 * `text` pretty-printed as JSON, every value as written (null when it is not JSON:
 * pretty-json-text.ts). Short texts are printed on the page
 * as the view renders; longer ones in a worker, `printing` until it answers. Either is printed
 * once per text, not on every render.
 */
export function usePrettyJson(text: string | null): PrettyJson {
  const onPage = text === null || text.length <= PRETTY_ON_PAGE_CHARS;
  const printedNow = useMemo(
    () => (text === null ? null : onPage ? prettyJsonTextAsWritten(text) : undefined),
    [text, onPage],
  );
  const [later, setLater] = useState<{ text: string; pretty: string | null } | null>(null);
  useEffect(() => {
    if (onPage || text === null) return;
    if (recent.has(text)) return; // printed before: the render reads it
    let current = true;
    printLater(text, (pretty) => {
      remember(text, pretty);
      if (current) setLater({ text, pretty });
    });
    return () => {
      current = false;
    };
  }, [text, onPage]);
  if (printedNow !== undefined) return { state: 'printed', pretty: printedNow };
  if (text !== null && recent.has(text)) return { state: 'printed', pretty: recent.get(text) ?? null };
  if (later !== null && later.text === text) return { state: 'printed', pretty: later.pretty };
  return { state: 'printing' };
}
