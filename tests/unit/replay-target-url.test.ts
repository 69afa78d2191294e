import { describe, expect, it } from 'vitest';
import { replayRequestSchema } from '../../src/shared/replay';

/** The view's checks, imported by a path the type checker does not follow (the renderer's DOM types). */
interface HoldsModule {
  replayUrlProblem(url: string): string | null;
}
const holdsPath = '../../src/renderer/src/features/replay/replay-holds';

/** Target URLs a replay refuses, saying why. */
describe('target URLs', () => {
  it('a URL with a user name or password is refused, naming the field and why', () => {
    for (const url of ['http://user:pw-secret@127.0.0.1:3000/hooks', 'https://user@example.test/hooks']) {
      const parsed = replayRequestSchema.safeParse({ ids: [1], target: { kind: 'url', url } });
      expect(parsed.success).toBe(false);
      const issue = parsed.error?.issues[0];
      expect(issue?.path).toEqual(['target', 'url']);
      expect(issue?.message).toMatch(/user name or password/);
      expect(JSON.stringify(parsed.error?.issues)).not.toContain('pw-secret');
    }
  });
});

// An empty Any URL box said "target.url: Enter the replay URL; target.url: The replay URL must
// be an http:// or https:// URL": the field's inner path, and two messages for one problem.
describe('the Replay view: its URL box', () => {
  it('an empty URL is one problem, said once', () => {
    const parsed = replayRequestSchema.safeParse({ ids: [1], target: { kind: 'url', url: '  ' } });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Enter the replay URL']);
  });

  it('says under the box what main would refuse, in the words main refuses it with, with no field path', async () => {
    const { replayUrlProblem } = (await import(/* @vite-ignore */ holdsPath)) as HoldsModule;
    expect(replayUrlProblem('')).toBe('Enter the replay URL');
    expect(replayUrlProblem('ftp://127.0.0.1/hooks')).toMatch(/^The replay URL must be an http/);
    expect(replayUrlProblem('http://user:pw@127.0.0.1/hooks')).toMatch(/user name or password/);
    expect(replayUrlProblem('http://127.0.0.1:3000/hooks')).toBeNull();
  });
});
