/**
 * A filter that takes one value, given more than once: a link's `q=abc&q=def`, the CLI's
 * `--event a --event b`. One wording for both, so the note in a view and the usage error of a
 * command say the same thing about the same mistake.
 */
export function givenMoreThanOnceWords(values: readonly string[]): string {
  const times = values.length === 2 ? 'twice' : `${values.length} times`;
  return `given ${times} (${values.map((value) => JSON.stringify(value)).join(', ')}); it takes one value`;
}
