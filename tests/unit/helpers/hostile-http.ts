import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { Random } from './prng';

/**
 * Malformed HTTP requests and WebSocket frames for fuzzing the console's servers: broken
 * request lines, targets, versions and headers, contradictory framing, pipelined garbage, and
 * frames with every header field wrong. Each case is raw bytes; the server must answer it or
 * close that one connection, and nothing else.
 */

const METHODS = [
  'GET',
  'POST',
  'PUT',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PRI',
  'G ET',
  'POST\t',
  'Ω',
  '',
  'post',
  'X'.repeat(300),
];
const TARGETS = [
  '/',
  '/hooks',
  'http://[::1',
  'http://[::1]:99999/x',
  'http://127.0.0.1:1/checkout',
  'mailto:x@y',
  '*',
  'example.com:443',
  '/orders/%zz',
  '/orders/%E0%A4%A',
  '/checkout-page/%/pay',
  '/payments/simplified-refund/%C3%28',
  '/.//evil.example/?token=x',
  '/bridge',
  `/${'a'.repeat(9000)}`,
  '/\u0000',
  '/ space',
  '//',
  '/?%',
  '/\\..\\..\\etc\\passwd',
];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1', 'http/1.1', '', 'HTTP/1.1 extra'];
const HEADER_LINES = [
  'Host: 127.0.0.1',
  'Host:',
  'Host: a\r\nHost: b',
  'Content-Length: 5',
  'Content-Length: -1',
  'Content-Length: 5\r\nContent-Length: 6',
  'Content-Length: 99999999999999999999',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: chunked\r\nContent-Length: 3',
  'Transfer-Encoding: gzip, chunked',
  'Expect: 100-continue',
  'Expect: teapot',
  'Upgrade: websocket\r\nConnection: Upgrade',
  'Connection: keep-alive',
  'Content-Type: application/json',
  'Content-Type: application/json; charset=latin1',
  'Authorization: Bearer x.y.z',
  'No colon here',
  ' Leading: space',
  'Folded: a\r\n b',
  'Bad\u0001Name: x',
  'X-Value: \u0000',
  `X-Big: ${'b'.repeat(20_000)}`,
  'Ünïcode: ✓',
];
const BODIES = [
  '',
  '{}',
  '{"order_id":',
  'x'.repeat(100),
  '5\r\nhello\r\n0\r\n\r\n',
  'zz\r\nbad\r\n',
  '\u00ff\u00fe',
  '{"a":"\uD800"}',
];

/** One malformed (or odd) HTTP request as bytes, sometimes with garbage pipelined behind it. */
export function hostileRequest(random: Random, port: number): Buffer {
  const method = random.pick(METHODS);
  const target = random.pick(TARGETS);
  const version = random.pick(VERSIONS);
  const line =
    random.next() < 0.1 ? randomBytes(random.int(60)).toString('latin1') : `${method} ${target} ${version}`;
  const headers = [`Host: 127.0.0.1:${port}`];
  for (let count = random.int(5); count > 0; count--) headers.push(random.pick(HEADER_LINES));
  if (random.next() < 0.7) headers.push('Connection: close');
  const body = random.pick(BODIES);
  const eol = random.next() < 0.1 ? '\n' : '\r\n';
  let text = `${line}${eol}${headers.join(eol)}${eol}${eol}${body}`;
  if (random.next() < 0.15) text += `${random.pick(METHODS)} ${random.pick(TARGETS)} HTTP/1.1\r\n\r\n`;
  return Buffer.from(text, 'latin1');
}

/** Writes bytes, half-closes, and resolves once the server closes (or after `giveUpMs`, closing it). */
export function exchange(
  port: number,
  bytes: Buffer,
  giveUpMs = 3000,
): Promise<'answered' | 'closed' | 'held'> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answered = false;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('held');
    }, giveUpMs);
    socket.on('data', (chunk: Buffer) => {
      if (chunk.subarray(0, 5).toString('latin1') === 'HTTP/') answered = true;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answered ? 'answered' : 'closed');
    });
    socket.write(bytes, () => socket.end());
  });
}

/** A WebSocket to browser mode's bridge over a raw socket, once the upgrade is accepted. */
export function rawWebSocket(port: number, origin: string, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', reject);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (head.startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0] ?? ''}`));
    };
    socket.on('data', onData);
    socket.write(
      [
        'GET /bridge HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Origin: ${origin}`,
        `Cookie: ${cookie}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** A client frame: masked unless told otherwise, with the opcode and flags given. */
export function frame(
  payload: Buffer,
  options: { opcode?: number; fin?: boolean; rsv?: number; masked?: boolean; claimedLength?: bigint } = {},
): Buffer {
  const { opcode = 1, fin = true, rsv = 0, masked = true } = options;
  const first = (fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f);
  const length = options.claimedLength ?? BigInt(payload.byteLength);
  let header: Buffer;
  if (length < 126n) header = Buffer.from([first, (masked ? 0x80 : 0) | Number(length)]);
  else if (length < 65536n) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8((masked ? 0x80 : 0) | 126, 1);
    header.writeUInt16BE(Number(length), 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8((masked ? 0x80 : 0) | 127, 1);
    header.writeBigUInt64BE(length, 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([header, mask, body]);
}

/** Commands that only read (a fuzzed input must not change what the run checks). */
const READ_ONLY_COMMANDS = [
  'getAppInfo',
  'listProfiles',
  'listEvents',
  'countEvents',
  'getEvent',
  'decodeJwt',
  'verifyJwt',
  'listOrders',
  'getOrderLifecycle',
  'listDrafts',
  'getDraft',
  'planReplay',
  'previewRetention',
  'getRetention',
  'getListenerStatus',
  'getListenerSettings',
  'getEmulatorStatus',
  'listEmulatorOrders',
  'uploadPart',
  'runCallFromUpload',
  'noSuchCommand',
  '__proto__',
];
const VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  'x',
  '%zz',
  [],
  {},
  { id: 'x' },
  { limit: -5 },
  '\uD800',
  true,
];

/** One hostile WebSocket frame (or a few): broken framing, bad text, or a call with a random input. */
export function hostileFrames(random: Random): Buffer {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  switch (random.int(12)) {
    case 0:
      return frame(Buffer.from([0xc3, 0x28, 0xff]));
    case 1:
      return frame(json({ type: 'call' }), { opcode: 2 });
    case 2:
      return frame(json({}), { masked: false });
    case 3:
      return frame(Buffer.alloc(0), { claimedLength: 2n ** 63n - 1n });
    case 4:
      return frame(json({}), { rsv: 1 + random.int(7) });
    case 5:
      return frame(Buffer.alloc(4), { opcode: random.pick([3, 4, 5, 6, 7, 11, 12, 13, 14, 15]) });
    case 6:
      return frame(Buffer.alloc(200), { opcode: 9, fin: random.next() < 0.5 });
    case 7:
      return Buffer.concat([
        frame(Buffer.from('{"type":'), { fin: false }),
        frame(Buffer.from('"call"}'), { opcode: 1 }),
      ]);
    case 8:
      return frame(randomBytes(random.int(300)));
    case 9:
      return frame(Buffer.from('{not json'));
    default:
      return frame(
        json({
          type: 'call',
          id: random.int(1e6),
          command: random.pick(READ_ONLY_COMMANDS),
          input: random.pick(VALUES),
        }),
      );
  }
}
