import { describe, expect, it } from 'vitest';
import { replayRequestSchema } from '../../src/shared/replay';

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
