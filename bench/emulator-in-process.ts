import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkoutUrlOf } from '../src/main/emulator/create-checkout';
import { readJsonBodyWithText } from '../src/main/emulator/emulator-request-entry';
import { checkoutRequestOptions } from '../src/main/emulator/routes/emulator-request-headers';
import { warningsHeader } from '../src/main/emulator/routes/service-routes';
import { openTempConsole } from '../tests/unit/helpers/temp-console';

/**
 * Create-checkout's own work, in this process, with no HTTP around it: what the `POST /checkout`
 * route does between the socket and the answer (headers, body read and parsed, the shared
 * model's judgement, the order stored through the writer's group commit, the answer written),
 * driven 10 at a time as the bench's 10 connections do, with the bench's body. Prints the CPU
 * microseconds a request; `node --cpu-prof` on it says where they go:
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/emulator-in-process.ts [requests]
 */

const ROOT = join(import.meta.dirname, '..');
const REQUESTS = Number(process.argv[2] ?? 20_000);
const CONCURRENCY = 10;

const payload = JSON.parse(
  readFileSync(join(ROOT, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
) as Record<string, unknown>;
delete (payload['merchant_url'] as Record<string, unknown>)['notification'];
const body = Buffer.from(JSON.stringify(payload));
const headers = { 'content-type': 'application/json', authorization: 'Bearer bench' };

/** Just what the body reader listens to: the body in one chunk, then its end, on a later turn. */
function request(): IncomingMessage {
  const req = new EventEmitter() as EventEmitter & { headers: typeof headers };
  req.headers = headers;
  setImmediate(() => {
    req.emit('data', body);
    req.emit('end');
  });
  return req as unknown as IncomingMessage;
}

const opened = await openTempConsole({ background: false });
const { engine } = opened.core.emulator;
const { writer } = opened.core.store;

async function createCheckout(): Promise<number> {
  const req = request();
  const options = checkoutRequestOptions(req);
  const { value, text } = await readJsonBodyWithText(req, true);
  const { order, warnings } = await writer.write(() =>
    engine.createCheckout(value, { ...options, sourceText: text }),
  );
  const answer = JSON.stringify({
    order_id: order.orderId,
    checkout_id: order.checkoutId,
    status: order.state,
    checkout_url: checkoutUrlOf(order, 'http://127.0.0.1:4010'),
  });
  return answer.length + Object.keys(warningsHeader(warnings)).length;
}

async function run(count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < count) await createCheckout();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

try {
  await run(Math.min(2000, REQUESTS));
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run(REQUESTS);
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  console.log(
    JSON.stringify({
      requests: REQUESTS,
      cpuUsPerRequest: Number(((used.user + used.system) / REQUESTS).toFixed(1)),
      userUsPerRequest: Number((used.user / REQUESTS).toFixed(1)),
      wallUsPerRequest: Number(((wallMs * 1000) / REQUESTS).toFixed(1)),
    }),
  );
} finally {
  await opened.dispose();
}
