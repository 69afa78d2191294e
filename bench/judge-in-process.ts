import { judgeWebhook, type CapturedWebhook } from '../src/main/listener/judge-webhook';
import { createHmacKeyCache } from '../src/main/jwt/hmac-key-cache';
import { benchWebhook, SECRET } from './listener-ingest';

/**
 * What the listener's judging costs one webhook, with nothing around it: the bench's own
 * webhook (bench/listener-ingest.ts: the token in both places, the approved body) judged by
 * judgeWebhook and its details serialised for storage, as minimal-durable.mjs --judged does, in a
 * tight loop after a warm-up. Prints the CPU microseconds a call; `node --cpu-prof` on it says
 * where they go:
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/judge-in-process.ts [calls]
 */

const CALLS = Number(process.argv[2] ?? 50_000);

const { token, body, headers } = await benchWebhook();
const verification = { key: await createHmacKeyCache().get(SECRET), label: 'bench' };
const bytes = Buffer.from(body);
const headerList = Object.entries(headers) as [string, string][];

async function judgeOne(): Promise<number> {
  const webhook: CapturedWebhook = {
    query: `serviceToken=${token}`,
    headers: headerList,
    body: bytes,
    truncated: false,
    atMs: Date.now(),
  };
  const judgement = await judgeWebhook(webhook, verification, 30);
  if (judgement.tokenVerdict !== 'valid' || judgement.body.verdict !== 'event')
    throw new Error(`the bench's webhook judged ${judgement.tokenVerdict} / ${judgement.body.verdict}`);
  return JSON.stringify(judgement.details).length;
}

async function run(count: number): Promise<void> {
  for (let at = 0; at < count; at++) await judgeOne();
}

await run(Math.min(5000, CALLS));
const cpu = process.cpuUsage();
const started = performance.now();
await run(CALLS);
const used = process.cpuUsage(cpu);
const wallMs = performance.now() - started;
console.log(
  JSON.stringify({
    calls: CALLS,
    cpuUsPerCall: Number(((used.user + used.system) / CALLS).toFixed(2)),
    wallUsPerCall: Number(((wallMs * 1000) / CALLS).toFixed(2)),
  }),
);
