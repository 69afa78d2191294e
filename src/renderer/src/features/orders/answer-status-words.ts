import { sentUnanswered, type ExchangeResult } from '@shared/merchant-api';
import { recordStatusWord } from '@shared/record-status';
import { statusHue, type SignalHue } from '@ui/readable-colors';

/**
 * An operation's answer badge: the record's own status word and hue (record-status.ts), so the
 * answer reads as the Timeline, History and Orders read the same record. A request sent whole
 * that got no answer (cancelled, timed out or cut off once sent) is `unanswered` in orange, the
 * service may have carried it out; a request that failed before is `failed` in red. Before, both
 * were a red "no answer" beside an orange `unanswered` row.
 */
export function answerStatusWords(result: Pick<ExchangeResult, 'status' | 'failure'>): {
  word: string;
  hue: SignalHue;
} {
  const unanswered = result.failure !== null && sentUnanswered(result.failure);
  const word = recordStatusWord(
    { status: result.status, error: result.failure === null ? null : result.failure.message, unanswered },
    'no answer',
  );
  if (result.status !== null) return { word, hue: statusHue(result.status) };
  return { word, hue: unanswered ? 'orange' : 'red' };
}
