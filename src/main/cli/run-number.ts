/**
 * How a command line names a stored scenario run: `#12` as `runs` lists it, or 12 (`runs
 * <number>`, `history --run`), and the words of a refusal, alike wherever a run is named.
 */
export function runNumberOf(text: string): number | null {
  const digits = text.trim().replace(/^#/, '');
  return /^[1-9]\d{0,15}$/.test(digits) ? Number(digits) : null;
}

export const notRunNumberWords = (text: string) =>
  `"${text}" is not a run number (a whole number, as \`runs\` lists them).`;

export const noRunWords = (id: number) => `error: no run #${id} in this data directory (\`runs\` lists them)`;
