import { describe, expect, it } from 'vitest';
import { requestFailureNote } from '../../src/renderer/src/features/timeline/detail/request-failure-note';

// The Timeline's detail of a request titles its failure (request-outcome.tsx). A failure of a kind
// the network's list does not hold (a record closed as `interrupted`) failed the whole details'
// parse: no title, and the operation read "unknown"; one refused before anything left was red.

const failure = (kind: string, message = 'x') => ({ failure: { kind, message, code: null } });

describe("a request record's failure note", () => {
  it('titles a request refused before anything left as not sent, not in red', () => {
    expect(requestFailureNote(failure('not_sent', 'Not sent: a CONNECT…'), 'refused_by_console')).toEqual({
      title: 'Not sent: refused by the console',
      color: 'gray',
      text: 'Not sent: a CONNECT…',
    });
    expect(requestFailureNote(failure('cancelled'), 'cancelled')).toMatchObject({
      title: 'Not sent: cancelled',
      color: 'gray',
    });
  });

  it('titles a network failure and a send with no answer as before', () => {
    expect(requestFailureNote(failure('refused'), null)).toMatchObject({
      title: 'Network failure: refused',
      color: 'red',
    });
    expect(requestFailureNote(failure('timeout_after_sending'), null)).toMatchObject({ color: 'orange' });
  });

  it('titles a record the console closed as interrupted, whatever kinds the network names', () => {
    expect(requestFailureNote(failure('interrupted', 'Interrupted: the console stopped…'), null)).toEqual({
      title: 'Interrupted: whether it arrived is unknown',
      color: 'red',
      text: 'Interrupted: the console stopped…',
    });
  });

  it('is nothing for a record without a failure', () => {
    expect(requestFailureNote({ operation: 'createCheckout' }, null)).toBeNull();
  });
});
