import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCheckout, type Finding } from '../../src/shared/checkout';
import { formatFindings } from '../../src/main/cli/format-findings';

// A document with ~150,000 findings: each item lacks reference_id, type and total_amount. Spreading
// that many into one call (push(...), Math.max(...)) overflows the stack; the builder said
// "could not be inspected" and the CLI crashed printing them.
const ITEMS = 50_000;
const item = { name: 'Widget', sku: 'SKU-0000001', quantity: 1, unit_price: { amount: 10, currency: 'SAR' } };
const bigDocument = () => ({ description: 'big', items: Array.from({ length: ITEMS }, () => ({ ...item })) });

const root = join(import.meta.dirname, '..', '..');

/** What validateCheckout finds in another process, without code generation from strings. */
function findingsWithoutEval(text: string): { count: number; codes: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'validate-no-eval-'));
  try {
    writeFileSync(join(dir, 'doc.json'), text);
    const script = join(dir, 'judge.ts');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';\n` +
        `import { validateCheckout } from ${JSON.stringify(join(root, 'src', 'shared', 'checkout', 'index.ts'))};\n` +
        `const text = readFileSync(${JSON.stringify(join(dir, 'doc.json'))}, 'utf8');\n` +
        `const findings = validateCheckout(JSON.parse(text), { form: 'general', sourceText: text });\n` +
        `process.stdout.write(JSON.stringify({ count: findings.length, codes: [...new Set(findings.map((f) => f.code))].sort() }));\n`,
    );
    // The builder judges in a worker whose CSP forbids eval: zod parses without its compiled
    // fast path there, and merged a property's issues with push(...issues).
    const run = spawnSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--import', 'tsx', script],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { count: number; codes: string[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a document with ~150,000 findings', () => {
  it('is judged finding by finding, with and without eval, to the same count', () => {
    const document = bigDocument();
    const text = JSON.stringify(document);
    const findings = validateCheckout(document, { form: 'general', sourceText: text });
    expect(findings.length).toBeGreaterThan(145_000);
    expect(findings.some((finding) => finding.code === 'unreadable_payload')).toBe(false);
    expect(findings.filter((finding) => finding.path === 'items[49999].reference_id')).toHaveLength(1);
    const elsewhere = findingsWithoutEval(text);
    expect(elsewhere.codes).not.toContain('unreadable_payload');
    expect(elsewhere.count).toBe(findings.length);
    expect(elsewhere.codes).toEqual([...new Set(findings.map((finding) => finding.code))].sort());
  }, 120_000);

  it('adds up 150,000 item totals', () => {
    const many = 150_000;
    const document = {
      ...bigDocument(),
      total_amount: { amount: many * 10 + 0.5, currency: 'SAR' },
      tax_amount: { amount: 0, currency: 'SAR' },
      shipping_amount: { amount: 0, currency: 'SAR' },
      items: Array.from({ length: many }, () => ({ ...item, total_amount: { amount: 10, currency: 'SAR' } })),
    };
    const findings = validateCheckout(document, { form: 'general' });
    expect(findings.some((finding) => finding.code === 'unreadable_payload')).toBe(false);
    expect(findings.find((finding) => finding.code === 'total_mismatch')?.message).toContain(
      'items 1500000.00',
    );
  }, 120_000);

  it('is printed whole for a terminal', () => {
    const findings: Finding[] = Array.from({ length: 150_000 }, (_, index) => ({
      severity: index === 0 ? 'warning' : 'error',
      path: `items[${index}].reference_id`,
      code: 'required',
      rule: 'Item: reference_id — required',
      message: 'reference_id is required (a string).',
    }));
    const text = formatFindings(findings);
    expect(text.split('\n\n')).toHaveLength(150_000);
    expect(text).toContain('error    items[149999].reference_id\n');
  });
});
