/**
 * A number as a person writes one: decimal digits with an optional sign and decimal point. The
 * one rule for number text typed anywhere, a CLI flag (`numberFlag`) or a form's box
 * (whole-number-text.ts): what only Number() reads as a number (`1.5e3`, `0x10`, `0b11`,
 * `Infinity`) is not one (`history --limit 0x3` printed 3 rows; a pasted `1.5e3` became 1 ms).
 */
export const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Whether `text` (already trimmed) is a number written in decimal digits. */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text);
}

/** Text that Number() reads as a number though it is not written in decimal digits (`2e2`). */
export function numberNotInDecimal(text: string): boolean {
  return text !== '' && !isDecimalText(text) && !Number.isNaN(Number(text));
}

/** `words` with how to write such a number: "must be a number, written in decimal digits (not "2e2")". */
export function inDecimalWords(words: string, text: string): string {
  return `${words}, written in decimal digits (not ${JSON.stringify(text)})`;
}

/**
 * Number text refused, in one wording that always quotes it: `words` and the text ("must be a
 * whole number (not "8080.5")"), with how to write a number when Number() reads the text as one
 * though it is not in decimal digits (inDecimalWords). The command line says every refusal of a
 * number flag this way: it shows no box holding what was typed, so the message does.
 */
export function numberRefusal(words: string, text: string): string {
  return numberNotInDecimal(text) ? inDecimalWords(words, text) : `${words} (not ${JSON.stringify(text)})`;
}
