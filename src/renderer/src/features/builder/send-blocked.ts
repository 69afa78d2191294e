/**
 * Why Send cannot go now, or null: the toolbar's Send is disabled with these words, and a send
 * asked for another way (Ctrl+Enter) says them in the Response tab. While the large working copy
 * from last time waits over the placeholder, Send sent that `{}`, asking "Send with 13 errors?"
 * as if the person had written it: like a missing profile, nothing of theirs is there to send.
 */
export function sendBlockedWords(profile: { name: string } | null, awaitingChoice: boolean): string | null {
  if (profile === null) return 'No profile is active: add one under Profiles.';
  if (awaitingChoice)
    return 'Nothing to send yet: the builder holds a placeholder ({}) until you choose above: open your working copy from last time, or start with an empty document.';
  return null;
}
