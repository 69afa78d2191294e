/**
 * How a command line names a stored scenario run (`runs <number>`, `history --run`: read by
 * runNumberOf), and the words of a refusal, alike wherever a run is named.
 */
import { noRunHereWords } from '../../shared/scenarios/run-number';

export { runNumberOf } from '../../shared/scenarios/run-number';

export const notRunNumberWords = (text: string) =>
  `"${text}" is not a run number (a whole number, as \`runs\` lists them).`;

export const noRunWords = (id: number) => `error: ${noRunHereWords(id)} (\`runs\` lists them)`;
