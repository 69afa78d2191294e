import { connect } from 'node:net';

export interface RawExchange {
  /** null when nothing came back (an aborted upload). */
  status: number | null;
  headers: string;
  body: string;
}

export interface RawRequestSpec {
  method?: string;
  target?: string;
  /** Sent in this order and case, after Host; duplicates allowed. */
  headers?: [string, string][];
  body?: Buffer | string;
  /** Sent with Transfer-Encoding: chunked, one chunk per element. */
  chunks?: (Buffer | string)[];
  /** Do not add Content-Length for the body. */
  noContentLength?: boolean;
}

/** An HTTP/1.1 request as bytes, exactly as specified (the listener must cope with anything). */
export function buildRawRequest(port: number, spec: RawRequestSpec): Buffer {
  const method = spec.method ?? 'POST';
  const lines = [`${method} ${spec.target ?? '/'} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  for (const [name, value] of spec.headers ?? []) lines.push(`${name}: ${value}`);
  let payload: Buffer = Buffer.alloc(0);
  if (spec.chunks !== undefined) {
    lines.push('Transfer-Encoding: chunked');
    payload = Buffer.concat([
      ...spec.chunks.flatMap((chunk) => {
        const bytes = Buffer.from(chunk);
        return [Buffer.from(`${bytes.byteLength.toString(16)}\r\n`), bytes, Buffer.from('\r\n')];
      }),
      Buffer.from('0\r\n\r\n'),
    ]);
  } else if (spec.body !== undefined) {
    payload = Buffer.from(spec.body);
    if (spec.noContentLength !== true) lines.push(`Content-Length: ${payload.byteLength}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/**
 * Writes raw bytes to the listener and reads whatever comes back until the server closes.
 * With `abort`, closes the socket right after writing (an upload cut short).
 */
export function sendRaw(
  port: number,
  bytes: Buffer,
  options: { abort?: boolean; timeoutMs?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No complete answer within ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      resolve({ status: match?.[1] === undefined ? null : Number(match[1]), headers: head, body });
    });
    socket.write(bytes, () => {
      if (options.abort === true) socket.destroy();
    });
  });
}

/**
 * Sends `parts` with `gapMs` between them on one connection and resolves with the raw answer
 * once the server closes (or `giveUpMs` passes: then with what came so far).
 */
export function trickle(port: number, parts: string[], gapMs: number, giveUpMs = 30_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(answer);
    });
    socket.on('error', () => undefined);
    let index = 0;
    const next = () => {
      const part = parts[index];
      index += 1;
      if (part === undefined || socket.destroyed) return;
      socket.write(part);
      setTimeout(next, gapMs);
    };
    next();
  });
}
