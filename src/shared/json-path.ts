/** `['items', 2, 'sku']` → `items[2].sku`: the way findings and errors name a field. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment))
      out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out === '' ? '(root)' : out;
}

/** The inverse of formatJsonPath for the simple paths it produces (`items[2].sku`). */
export function parseJsonPath(path: string): (string | number)[] {
  if (path === '(root)' || path === '') return [];
  const segments: (string | number)[] = [];
  const pattern = /([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[3] !== undefined) segments.push(JSON.parse(`"${match[3]}"`) as string);
  }
  return segments;
}
