import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../src/shared/emulator';
import { analyseDocument } from '../../src/renderer/src/features/builder/analysis/analyse-document';
import { formatDocument } from '../../src/renderer/src/features/builder/builder-text';
import { overEmulatorLimitWords } from '../../src/renderer/src/features/builder/large-document';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A body over the emulator's request limit (its setting, 1 MiB by default: the spec shows none) passed
 * `validate` ("valid, no findings", exit 0) and the builder's Findings ("No findings") while
 * Send to Local met 413 request_too_large. The size is a finding of the one validation now.
 */

/** A valid sample with a store_code of `bytes` characters: a body over the limit, valid otherwise. */
function largeText(bytes: number): string {
  const sample = generateSample('general', { seed: 1, country: 'SA' });
  return formatDocument({ ...sample, additional_data: { store_code: 's'.repeat(bytes) } });
}

const over = largeText(5 * 1024 * 1024);
const under = largeText(1000);

const sizeFindings = (
  findings: readonly { code: string; severity: string; path: string; message: string }[],
) => findings.filter((finding) => finding.code === 'over_request_limit');

describe('a body over the request limit is a finding', () => {
  it("validateCheckout names the emulator's default limit and where it comes from, as an error", () => {
    const found = sizeFindings(
      validateCheckout(JSON.parse(over), {
        form: 'general',
        sourceText: over,
        requestLimit: { bytes: EMULATOR_BODY_LIMIT_BYTES, source: 'emulator' },
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe('error');
    expect(found[0]?.path).toBe('(root)');
    expect(found[0]?.message).toMatch(
      /^The body is 5\.\d+ MiB \(5,2\d\d,\d\d\d bytes\), over the emulator's request limit of 1 MiB/,
    );
    expect(found[0]?.message).toContain('413 request_too_large');
    // The emulator's 1 MiB is a constant (docs/limits.md), not a default another setting changes.
    expect(found[0]?.message).toContain(
      "The spec shows no request-size limit; the emulator's is its setting (Emulator → Settings: Largest request body).",
    );
    expect(found[0]?.message).not.toMatch(/default|--request-limit/);
    expect(
      sizeFindings(
        validateCheckout(JSON.parse(under), {
          form: 'general',
          sourceText: under,
          requestLimit: { bytes: EMULATOR_BODY_LIMIT_BYTES, source: 'emulator' },
        }),
      ),
    ).toEqual([]);
  });

  it('measures the text as JSON.stringify writes it when there is no source text', () => {
    const found = validateCheckout(JSON.parse(over), {
      form: 'general',
      requestLimit: { bytes: EMULATOR_BODY_LIMIT_BYTES, source: 'emulator' },
    });
    expect(sizeFindings(found)).toHaveLength(1);
  });

  it('validate: an error by default (exit 1), and --request-limit sets the limit', async () => {
    const { dir, remove } = makeTempDir();
    try {
      const file = join(dir, 'p5mb.json');
      writeFileSync(file, over);
      const byDefault = await runCliCaptured(['validate', file]);
      expect(byDefault.code).toBe(1);
      expect(byDefault.stdout).toContain('over_request_limit');
      expect(byDefault.stdout).toContain("over the emulator's request limit of 1 MiB");
      // Where the CLI reads, its flag is named as what it is: another limit to judge against.
      expect(byDefault.stdout).toContain('validate --request-limit judges the body against another limit');
      expect(byDefault.stdout).not.toContain("emulator's default");
      const flagged = await runCliCaptured(['validate', file, '--request-limit', '4MiB']);
      expect(flagged.code).toBe(1);
      expect(flagged.stdout).toContain('over the limit given with --request-limit (4 MiB)');
      expect((await runCliCaptured(['validate', file, '--request-limit', '8MiB'])).code).toBe(0);
      expect((await runCliCaptured(['validate', file, '--request-limit', '6000000'])).code).toBe(0);
      const bad = await runCliCaptured(['validate', file, '--request-limit', 'big']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--request-limit');
    } finally {
      remove();
    }
  });

  it("the builder's Findings: an error on the Local profile, a warning on another", () => {
    const request = {
      version: 1,
      text: over,
      form: 'general' as const,
      singleCheckout: true,
      notificationField: 'merchant_url.notification',
      emptyOptional: 'warn' as const,
      instalmentsRequired: 'pay_by_instalments' as const,
      honourExpiresInMinutes: false,
      missingCountryCode: 'refuse' as const,
      pairs: null,
      requestLimitBytes: EMULATOR_BODY_LIMIT_BYTES,
    };
    const local = sizeFindings(analyseDocument({ ...request, requestLimitSource: 'emulator' }).findings);
    expect(local.map((finding) => finding.severity)).toEqual(['error']);
    // The builder has no --request-limit: its finding names no CLI flag, and the limit as the notice does.
    expect(local[0]?.message).not.toMatch(/--request-limit|default/);
    const notice = overEmulatorLimitWords(over, 'Local', EMULATOR_BODY_LIMIT_BYTES) ?? '';
    expect(notice.slice(0, notice.indexOf(':'))).toBe(local[0]?.message.slice(0, notice.indexOf(':')));
    const elsewhere = sizeFindings(analyseDocument({ ...request, requestLimitSource: 'elsewhere' }).findings);
    expect(elsewhere.map((finding) => finding.severity)).toEqual(['warning']);
    expect(elsewhere[0]?.message).toContain("over the Local emulator's request limit of 1 MiB");
    expect(
      sizeFindings(analyseDocument({ ...request, text: under, requestLimitSource: 'emulator' }).findings),
    ).toEqual([]);
  });

  it("the builder on the Local profile judges by the emulator's Largest request body setting", () => {
    // Set to 2 KiB (Emulator → Settings), a 3 KiB body is refused with 413: the builder says so
    // before Send, in its Findings and its notice, with the limit set.
    const text = JSON.stringify({ description: 'x'.repeat(3000) });
    const judged = analyseDocument({
      version: 1,
      text,
      form: 'general',
      singleCheckout: true,
      notificationField: 'merchant_url.notification',
      emptyOptional: 'warn',
      instalmentsRequired: 'pay_by_instalments',
      honourExpiresInMinutes: false,
      missingCountryCode: 'refuse',
      pairs: null,
      requestLimitSource: 'emulator',
      requestLimitBytes: 2048,
    });
    const found = sizeFindings(judged.findings);
    expect(found.map((finding) => finding.severity)).toEqual(['error']);
    expect(found[0]?.message).toContain("over the emulator's request limit of 2 KiB");
    expect(found[0]?.message).toContain('Largest request body');
    expect(overEmulatorLimitWords(text, 'Local', 2048)).toContain(
      "over the emulator's request limit of 2 KiB",
    );
    expect(overEmulatorLimitWords(text, 'Local', EMULATOR_BODY_LIMIT_BYTES)).toBeNull();
  });
});
