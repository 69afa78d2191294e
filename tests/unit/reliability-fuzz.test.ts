import { afterEach, describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { prng, type Random } from './helpers/prng';
import { withConsoleFile } from './helpers/console-file';

const KEYS = [
  'total_amount',
  'items',
  'amount',
  'currency',
  'sku',
  'quantity',
  'consumer',
  'risk_assessment',
  '__proto__',
  'constructor',
  'x',
  '',
];
function value(random: Random, depth: number): unknown {
  switch (random.int(depth > 4 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return random.next() * 1e6 - 5e5;
    case 2:
      return random.pick(['', 'SAR', '12.345', '31-02-2025', 'x'.repeat(random.int(2000)), '1e400', '-0']);
    case 3:
      return random.next() < 0.5;
    case 4:
      return random.pick([Number.NaN, Infinity, -Infinity, 0.1 + 0.2, Number.MAX_SAFE_INTEGER]);
    case 5:
      return random.int(100);
    case 6:
      return Array.from({ length: random.int(5) }, () => value(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(6) }, () => [random.pick(KEYS), value(random, depth + 1)]),
      );
  }
}

/** A valid sample with a few random parts replaced: close to real payloads, so deep rules run. */
function mutated(random: Random): unknown {
  const sample = JSON.parse(
    JSON.stringify(generateSample(random.next() < 0.5 ? 'general' : 'education', { seed: random.int(1e6) })),
  ) as Record<string, unknown>;
  for (let times = 1 + random.int(3); times > 0; times--)
    sample[random.pick([...Object.keys(sample), ...KEYS])] = value(random, 2);
  return sample;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('fuzz', () => {
  it(
    '10,000 random payloads through validation: never throws, every finding has a path and a message',
    { timeout: 120_000 },
    () => {
      const random = prng(20261123);
      let findings = 0;
      const incomplete: unknown[] = [];
      for (let i = 0; i < 10_000; i++) {
        const payload = i % 2 === 0 ? value(random, 0) : mutated(random);
        const result = validateCheckout(payload, {
          form: i % 4 < 2 ? 'general' : 'education',
          singleCheckout: random.next() < 0.5,
        });
        for (const finding of result)
          if (finding.path === '' || finding.message === '') incomplete.push(finding);
        findings += result.length;
      }
      expect(incomplete).toEqual([]);
      expect(findings).toBeGreaterThan(10_000);
    },
  );

  it(
    '10,000 random requests through the listener: every one answered, every acknowledged one stored',
    { timeout: 120_000 },
    async () => {
      const open: ListeningConsole = await openListeningConsole();
      cleanups.push(() => open.dispose());
      const random = prng(7);
      const methods = ['POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'GET'];
      const types = [
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        '',
      ];
      const acknowledged: number[] = [];
      let answered = 0;
      let next = 0;
      const one = async (n: number) => {
        const method = random.pick(methods);
        const bytes = new Uint8Array(random.int(3) === 0 ? random.int(4096) : 0).map(() => random.int(256));
        const json = JSON.stringify(value(random, 0));
        const body = method === 'GET' ? undefined : random.next() < 0.5 ? json : bytes;
        const query = random.pick([
          '',
          `?serviceToken=${'a'.repeat(random.int(40))}`,
          '?serviceToken=x.y.z&a=1',
          '?%zz',
        ]);
        const headers: Record<string, string> = {};
        const type = random.pick(types);
        if (type !== '') headers['content-type'] = type;
        if (random.next() < 0.5)
          headers['authorization'] = random.pick(['Bearer ', 'Bearer a.b.c', 'Basic Zm9v', 'bearer x']);
        const response = await fetch(`${open.origin}/fuzz/${n}${query}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
        });
        answered++;
        const text = await response.text();
        if (response.status === 200) {
          const answer = JSON.parse(text) as { received?: boolean; id?: number };
          if (answer.received === true && typeof answer.id === 'number') acknowledged.push(answer.id);
        }
      };
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < 10_000) await one(next++);
        }),
      );
      expect(answered).toBe(10_000);
      // Still serving after all of it.
      expect((await fetch(`${open.origin}/after`, { method: 'POST', body: '{}' })).status).toBe(200);
      const stored = new Set(
        withConsoleFile(open.core.dataDir, (db) =>
          db.prepare<[], { id: number }>("SELECT id FROM events WHERE kind = 'webhook'").all(),
        ).map((row) => row.id),
      );
      expect(acknowledged.length).toBeGreaterThan(3000);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
  );
});
