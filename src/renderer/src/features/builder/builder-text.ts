/** Where the raw text breaks (1-based line and column), as the raw editor and the form say it. */
export interface ParseError {
  message: string;
  offset: number;
  line: number;
  column: number;
}

/** The raw editor's text for a document: two-space JSON, as people read it. */
export function formatDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Same JSON, key order included (the form keeps key order, so a round trip through it compares
 * equal). `undefined` members count as absent, as they are once serialised.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A file name from a draft name: letters, digits, dots, dashes and underscores. */
export function payloadFileName(name: string | null): string {
  const base = (name ?? 'checkout-session').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${base === '' ? 'checkout-session' : base}.json`;
}
