import type { EventTokens } from '../contract/jwt';
import { IMPORTED_VERDICT_IS } from './imported-verdict-words';
import { NOT_SENT_WORDS } from '../record-status';

/**
 * What the inspector says of the record a token came from (`#/jwt?event=<id>`). Only the
 * listener's record of a webhook holds a verdict given on arrival; the emulator's delivery is
 * the notification as it was sent (the listener's record of it, its related record, holds the
 * verdict), and one it never sent carried no token to anyone. Every record was "Arrived with
 * webhook #N — as the listener judged it on arrival", a dropped delivery and a delivery whose
 * listener's record is another number alike.
 */
export type TokenRecord = Pick<EventTokens, 'id' | 'kind' | 'notSent' | 'relatedId'>;

/** `webhook #171`, `delivery #170`: the record by its kind and number. */
export function tokenRecordName(record: Pick<TokenRecord, 'id' | 'kind'>): string {
  return `${record.kind} #${record.id}`;
}

/** Whether the record holds the listener's verdicts, given when the token arrived. */
export const judgedOnArrival = (record: Pick<TokenRecord, 'kind'>): boolean => record.kind === 'webhook';

export interface TokenRecordWords {
  /** The card's heading: `Arrived with webhook #171`, `Sent by the emulator: delivery #170`. */
  heading: string;
  /** What the card shows, and where the verdict is when it is not here. */
  caption: string;
  /** The listener's record of the notification, when another record holds its verdicts. */
  judgedIn: number | null;
}

export function tokenRecordWords(
  record: TokenRecord,
  /** The record was imported: its verdicts are its file's word, not this listener's. */
  fromFile = false,
): TokenRecordWords {
  const name = tokenRecordName(record);
  const unchanged = 'editing the token above never changes this';
  switch (record.kind) {
    case 'webhook':
      if (fromFile)
        return {
          heading: `Came with ${name}, imported from a file`,
          caption: `As the file it was imported from gives it, ${IMPORTED_VERDICT_IS}; ${unchanged}.`,
          judgedIn: null,
        };
      return {
        heading: `Arrived with ${name}`,
        caption: `As the listener judged it on arrival; ${unchanged}.`,
        judgedIn: null,
      };
    case 'delivery':
      if (record.notSent !== null)
        return {
          heading: `Never sent: ${name}`,
          caption:
            record.notSent === 'dropped'
              ? "The emulator's notification, dropped by its Drop fault: it was never sent, so it carried no token to anyone and no listener judged it."
              : record.notSent === 'unsent'
                ? "The emulator's notification had nowhere to go: it was never sent, so it carried no token to anyone and no listener judged it."
                : // An attempt cancelled by a stop before it was written (it goes again when the emulator runs).
                  `The emulator's notification, ${NOT_SENT_WORDS[record.notSent]}: it carried no token to anyone and no listener judged it.`,
          judgedIn: null,
        };
      return {
        heading: `Sent by the emulator: ${name}`,
        caption:
          record.relatedId === null
            ? `The notification as the emulator sent it; no listener of this console recorded it (sent elsewhere, or no answer came), so there is no verdict; ${unchanged}.`
            : `The notification as the emulator sent it; the listener judged it in its own record, webhook #${record.relatedId}; ${unchanged}.`,
        judgedIn: record.relatedId,
      };
    case 'replay':
    case 'forward':
    case 'request':
      if (record.notSent !== null)
        return {
          heading: `Never sent: ${name}`,
          caption: `What the console was to send, ${NOT_SENT_WORDS[record.notSent]}: it carried no token to anyone and no listener judged it.`,
          judgedIn: null,
        };
      return {
        heading: `Sent by the console: ${name}`,
        caption: `What the console sent; a listener judges it on its own record of it, where it arrived; ${unchanged}.`,
        judgedIn: null,
      };
  }
}
