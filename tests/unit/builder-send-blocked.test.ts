import { describe, expect, it } from 'vitest';
import { sendBlockedWords } from '../../src/renderer/src/features/builder/send-blocked';

// While the large working copy from last time waited ("Open it / Start with an empty document"),
// Send to Local was enabled and sent the placeholder `{}` (it asked "Send with 13 errors?", as if
// the person had written it). Like a missing profile, the choice waiting is a reason Send cannot
// go: the button is disabled and says why, and Ctrl+Enter says it in the Response tab.
describe('why Send cannot go now', () => {
  const local = { name: 'Local' };
  it('nothing stops it with a profile and no choice waiting', () => {
    expect(sendBlockedWords(local, false)).toBeNull();
  });

  it('a working copy waiting over the placeholder stops it, and says what to do', () => {
    expect(sendBlockedWords(local, true)).toBe(
      'Nothing to send yet: the builder holds a placeholder ({}) until you choose above: open your working copy from last time, or start with an empty document.',
    );
  });

  it('no profile stops it first, as before', () => {
    expect(sendBlockedWords(null, true)).toBe('No profile is active: add one under Profiles.');
  });
});
