/**
 * `json_encode` as PHP writes it with no flags, which is how the official client's HttpClient
 * serialises every request: `/` escaped as `\/`, non-ASCII as `\uXXXX`, floats with a `.0` when
 * they are whole (`100.0`), an empty array as `[]`. Floats are marked with `float()` because
 * JavaScript has one number type and PHP two.
 */
export class PhpFloat {
  constructor(readonly value: number) {}
}

export const float = (value: number) => new PhpFloat(value);

export type PhpValue = null | boolean | number | string | PhpFloat | PhpValue[] | { [key: string]: PhpValue };

function encodeString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    const code = text.charCodeAt(i);
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (c === '/') out += '\\/';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\b') out += '\\b';
    else if (c === '\f') out += '\\f';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

export function phpJsonEncode(value: PhpValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(Math.trunc(value));
  if (typeof value === 'string') return encodeString(value);
  if (value instanceof PhpFloat) {
    const text = String(value.value);
    return /[.eE]/.test(text) ? text : `${text}.0`;
  }
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(',')}]`;
  const entries = Object.entries(value);
  // An empty PHP array is a list: `[]`, whatever it stood for.
  if (entries.length === 0) return '[]';
  return `{${entries.map(([key, item]) => `${encodeString(key)}:${phpJsonEncode(item)}`).join(',')}}`;
}
