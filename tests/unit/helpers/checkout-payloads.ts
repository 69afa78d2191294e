import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CheckoutForm, Finding } from '../../../src/shared/checkout';
import { generateSample } from '../../../src/shared/checkout/sample';
import { parseJsonPath } from '../../../src/shared/json-path';

export type Payload = Record<string, unknown>;

const fixtureFile = (form: CheckoutForm) =>
  fileURLToPath(new URL(`../../fixtures/${form}-valid.json`, import.meta.url));

/** A fresh copy of the shared valid fixture of a form (tests/fixtures/<form>-valid.json). */
export function fixture(form: CheckoutForm): Payload {
  return JSON.parse(readFileSync(fixtureFile(form), 'utf8')) as Payload;
}

type Container = Record<string | number, unknown>;

function parentOf(payload: unknown, path: string): { parent: Container; key: string | number } {
  const segments = parseJsonPath(path);
  const key = segments.pop();
  if (key === undefined) throw new Error(`empty path ${path}`);
  let node = payload;
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null)
      throw new Error(`no ${String(segment)} on the way to ${path}`);
    node = (node as Container)[segment];
  }
  if (typeof node !== 'object' || node === null) throw new Error(`no parent for ${path}`);
  return { parent: node as Container, key };
}

export function setAt(payload: unknown, path: string, value: unknown): void {
  const { parent, key } = parentOf(payload, path);
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

export function deleteAt(payload: unknown, path: string): void {
  const { parent, key } = parentOf(payload, path);
  if (!Object.prototype.hasOwnProperty.call(parent, key)) throw new Error(`nothing to delete at ${path}`);
  Reflect.deleteProperty(parent, key);
}

/**
 * A generated sample of `form` with `value` at `path` (`items[0].name`); a parent the sample
 * leaves out (a discount, say) is made for it.
 */
export function sampleWith(form: CheckoutForm, seed: number, path: string, value: unknown): Payload {
  const payload = structuredClone(generateSample(form, { seed })) as unknown as Payload;
  const segments = parseJsonPath(path);
  const key = segments.pop() ?? '';
  let node: Container = payload;
  for (const segment of segments) node = (node[segment] ??= {}) as Container;
  node[key] = value;
  return payload;
}

export function getAt(payload: unknown, path: string): unknown {
  const { parent, key } = parentOf(payload, path);
  return parent[key];
}

/** `severity path code` lines, easy to read in a failing assertion. */
export const brief = (findings: readonly Finding[]) =>
  findings.map((f) => `${f.severity} ${f.path} ${f.code}`);
