/**
 * A stored scenario run's number as a person writes it: `#12` as the lists show it, or 12
 * (`runs <number>`, `history --run`, a link's `run=`).
 */
export function runNumberOf(text: string): number | null {
  const digits = text.trim().replace(/^#/, '');
  return /^[1-9]\d{0,15}$/.test(digits) ? Number(digits) : null;
}
