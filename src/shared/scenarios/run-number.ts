/**
 * A stored scenario run's number as a person writes it: `#12` as the lists show it, or 12
 * (`runs <number>`, `history --run`, a link's `run=`).
 */
export function runNumberOf(text: string): number | null {
  const digits = text.trim().replace(/^#/, '');
  return /^[1-9]\d{0,15}$/.test(digits) ? Number(digits) : null;
}

/** A run this data directory does not hold, as `runs 5`, `history --run 5` and the views refuse it. */
export const noRunHereWords = (id: number) => `no run #${id} in this data directory`;

/** The same words opening a sentence, as the views show them (a pill, a refusal). */
export const noRunHereSentence = (id: number) => {
  const words = noRunHereWords(id);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/**
 * A `run=` filter as the Timeline and History say it. `exists` is null until the console has
 * answered: a run is never called missing before it is known to be, nor the rows it wrote.
 */
export function runFilterWords(id: number, exists: boolean | null): { words: string; missing: boolean } {
  if (exists === false) return { words: noRunHereSentence(id), missing: true };
  return { words: `written by scenario run #${id}`, missing: false };
}
