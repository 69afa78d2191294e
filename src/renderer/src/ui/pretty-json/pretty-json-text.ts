import { parseBoundedJson } from '@shared/bounded-json';

/** Pretty JSON within the bounds every reader keeps; null when the text is not such JSON. */
export function prettyJsonText(text: string): string | null {
  if (text.trim() === '') return null;
  const read = parseBoundedJson(text);
  return read.ok ? JSON.stringify(read.value, null, 2) : null;
}
