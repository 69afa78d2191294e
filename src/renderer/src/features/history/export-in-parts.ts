import type { CommandInput, CommandOutput } from '@shared/contract';

type ExportCall = (input: CommandInput<'exportHistory'>) => Promise<CommandOutput<'exportHistory'>>;

/**
 * An export asked for in parts (about 1 MiB each) and gathered into a Blob, as `export` to
 * standard output asks: whole, main built every record's JSON into one string for one answer,
 * and a history of a few hundred MB failed ("Invalid string length") or ran the process out of
 * memory. The Blob grows part by part, so the browser may keep it out of the page's memory.
 */
export async function exportInParts(
  call: ExportCall,
  request: Omit<CommandInput<'exportHistory'>, 'part' | 'out'>,
): Promise<{ blob: Blob; count: number; fileName: string; damaged: string[] }> {
  const type = request.format === 'ndjson' ? 'application/x-ndjson' : 'application/json';
  let part = await call({ ...request, part: {} });
  let blob = new Blob([part.text], { type });
  // Each part names the damaged records it holds, each once: gathered, they are what `export`
  // prints on standard error, so the window says the same (history-export.tsx).
  const damaged = [...part.damaged];
  while (typeof part.next === 'string') {
    part = await call({ ...request, part: { next: part.next } });
    blob = new Blob([blob, part.text], { type });
    damaged.push(...part.damaged);
  }
  return { blob, count: part.count, fileName: part.fileName, damaged };
}
