import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../../src/main/emulator/emulator-errors';
import { readJsonBodyWithText } from '../../src/main/emulator/emulator-request-entry';

/**
 * The spec sends `Content-Type: application/json`; the emulator took any `…+json`, `json-seq`, and
 * a charset it then did not read by (`charset=latin1`, decoded as UTF-8 anyway). The rule now:
 * media type `application/json` exactly (any case, parameters allowed), charset absent or UTF-8
 * (any case, quoted or not); anything else is 415, naming what came and what is taken.
 */

/** A request with this Content-Type (or none) whose body is `{}`, as the body reader sees it. */
function request(contentType: string | null): IncomingMessage {
  const req = new EventEmitter() as EventEmitter & { headers: Record<string, string> };
  req.headers = contentType === null ? {} : { 'content-type': contentType };
  setImmediate(() => {
    req.emit('data', Buffer.from('{"a":"é"}'));
    req.emit('end');
  });
  return req as unknown as IncomingMessage;
}

async function refusalOf(contentType: string | null): Promise<EmulatorError | null> {
  try {
    await readJsonBodyWithText(request(contentType), true);
    return null;
  } catch (error) {
    if (error instanceof EmulatorError) return error;
    throw error;
  }
}

describe("the emulator's Content-Type rule for a JSON body", () => {
  it.each([
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'APPLICATION/JSON; CHARSET="UTF-8"',
    'application/json ; charset=utf-8',
    'application/json; foo=bar',
  ])('takes %s', async (contentType) => {
    expect(await refusalOf(contentType)).toBeNull();
  });

  it.each([
    'application/json-seq',
    'application/json-patch+json',
    'application/problem+json',
    'application/vnd.api+json',
    'application/json; charset=latin1',
    'application/json; charset="utf-16"',
    'application/json; charset=utf8',
    'application/jsonx',
    'text/json',
    'text/plain',
    'not a media type',
  ])('refuses %s with 415, naming it and what is taken', async (contentType) => {
    const refusal = await refusalOf(contentType);
    expect(refusal?.status).toBe(415);
    expect(refusal?.code).toBe('unsupported_media_type');
    expect(refusal?.message).toContain(JSON.stringify(contentType));
    expect(refusal?.message).toContain('application/json');
    expect(refusal?.message).toContain('utf-8');
  });

  it('refuses a body with no Content-Type, saying it is missing', async () => {
    const refusal = await refusalOf(null);
    expect(refusal?.status).toBe(415);
    expect(refusal?.message).toContain('missing');
  });

  it('says why a charset other than UTF-8 is refused', async () => {
    const refusal = await refusalOf('application/json; charset=latin1');
    expect(refusal?.message).toContain('charset "latin1"');
  });
});
