/** A box's label and what is wrong with what was typed in it (null: nothing). */
export type BoxProblem = readonly [label: string, problem: string | null];

/**
 * Why an action waits for its form's boxes, naming each box that says under it what is wrong,
 * or null when none does: the one wording of "correct these first" for every held Save, Apply
 * or Replay (shown with UnavailableWithReason), so no action runs on a number nobody sees.
 */
export function boxesToCorrect(boxes: readonly BoxProblem[]): string | null {
  const wrong = boxes.filter(([, problem]) => problem !== null).map(([label]) => label);
  if (wrong.length === 0) return null;
  const says = wrong.length === 1 ? 'it says' : 'each says';
  return `Correct ${wrong.join(', ')} first: ${says} what is wrong under it.`;
}
