import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { fixture } from './helpers/checkout-payloads';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A leading byte order mark was judged two ways: the listener warned of it (PHP's json_decode
 * refuses such a body), but `validate` said a request file starting with EF BB BF was valid with
 * no findings, and the emulator's POST /checkout took it with no X-Emulator-Warnings. One
 * finding, in the listener's words, a warning wherever a text is judged.
 */
const BOM = '\uFEFF';

/** What the listener says of a body that starts with a byte order mark. */
function listenersWords(): string {
  // TextEncoder writes U+FEFF as EF BB BF, as a sender's would.
  const judged = judgeWebhookBody(
    new TextEncoder().encode(`${BOM}{"order_id":"o","event_type":"order_approved"}`),
    false,
  );
  const said = judged.findings.find((finding) => finding.message.includes('byte order mark'));
  expect(said?.severity).toBe('warning');
  return said?.message ?? '';
}

describe('a request text that starts with a byte order mark', () => {
  it('is a warning of the checkout validator, in the listener’s words, at the root', () => {
    const text = `${BOM}${JSON.stringify(fixture('general'))}`;
    const findings = validateCheckout(JSON.parse(text.slice(1)), { form: 'general', sourceText: text });
    expect(findings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'byte_order_mark',
        path: '(root)',
        message: listenersWords(),
      }),
    ]);
    // Without the mark, nothing.
    expect(validateCheckout(fixture('general'), { form: 'general', sourceText: text.slice(1) })).toEqual([]);
  });

  it('validate says so for a file that starts with EF BB BF, and the request is still valid', async () => {
    const { dir, remove } = makeTempDir();
    try {
      const file = join(dir, 'with-mark.json');
      writeFileSync(file, `${BOM}${JSON.stringify(fixture('general'))}`);
      const run = await runCliCaptured(['validate', file, '--json']);
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as { valid: boolean; findings: { code: string; message: string }[] };
      expect(out.valid).toBe(true);
      expect(out.findings).toEqual([
        expect.objectContaining({ code: 'byte_order_mark', message: listenersWords() }),
      ]);
    } finally {
      remove();
    }
  });
});

describe('the emulator’s POST /checkout with a byte order mark', () => {
  let emulator: EmulatorHarness | null = null;
  afterEach(async () => {
    await emulator?.dispose();
    emulator = null;
  });

  it('creates the order, with an X-Emulator-Warnings header naming it', async () => {
    emulator = await openEmulator();
    const response = await fetch(`${emulator.url}/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.apiToken}`, 'content-type': 'application/json' },
      body: `${BOM}${JSON.stringify(validPayload(null))}`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-emulator-warnings')).toBe('1 warning: byte_order_mark at (root)');
  });
});
