import { describe, expect, it } from 'vitest';
import { holderGoneWords, otherHolderGoneWords } from '../../src/main/listener/listener-port-words';

// The words are shown in the Listener view (which has Restart listener), in the Builder's banner
// (which has only "Start on a free port" and "Open the Listener view") and in serve's terminal:
// their way out must name where the button is, not a button only one of them has.
describe('a port whose holder has gone: the words fit every place that shows them', () => {
  const holder = { runBy: 'checkout-console serve (pid 123)', profileId: 1, profileName: 'Local' };

  it('another program let the port go', () => {
    expect(otherHolderGoneWords(4455)).toBe(
      "Port 4455 was held by another program, which has let it go since: nothing listens there now, so webhooks sent to it are not received. Restart the listener (Listener view) to start this console's listener on it.",
    );
  });

  it('a console of this data directory stopped', () => {
    expect(holderGoneWords(4455, holder)).toBe(
      "Port 4455 was held by checkout-console serve (pid 123), which ran this data directory's listener there and has stopped since: no console on this data directory listens there now, so webhooks sent to it are not stored. Restart the listener (Listener view) to start this console's listener on it.",
    );
  });

  it('neither tells to press a button by name', () => {
    for (const words of [otherHolderGoneWords(1), holderGoneWords(1, holder)])
      expect(words).not.toMatch(/Press /);
  });
});
