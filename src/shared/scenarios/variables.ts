import { freshOrderReferenceId } from '../checkout/order-reference';

/**
 * `${name}` substitution in every string of a step. A string that is exactly `${name}` takes
 * the variable's value with its type (a number stays a number); inside longer text the value is
 * written out. `$${` writes a literal `${`. Built in: `${env.NAME}` (an environment variable of
 * the process that runs the scenario), `${fresh.reference}` (a new order_reference_id each time)
 * and `${fresh.uuid}`.
 */

export class VariableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VariableError';
  }
}

const WHOLE = /^\$\{([A-Za-z_][A-Za-z0-9_.]*)\}$/;
const ANY = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_.]*)\}/g;

/** The names of the variables `text` uses (`$${` is a literal, not one), in order. */
export function variableNamesIn(text: string): string[] {
  return [...text.matchAll(ANY)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}

/** Every `${…}` written (`$${` is a literal), whatever is inside its braces. */
const WRITTEN = /\$\$\{|\$\{([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/**
 * What is wrong with each `${…}` in `text` that names no variable: `${ x }`, `${}` and `${env.}`.
 * The first two were kept as literal text and sent so with nothing said; the last erred only
 * when the run reached it, "the environment variable  is not set".
 */
export function malformedVariableUses(text: string): string[] {
  const found: string[] = [];
  for (const [written, inside] of text.matchAll(WRITTEN)) {
    if (inside === undefined) continue;
    const trimmed = inside.trim();
    if (inside === 'env.') found.push(`"${written}" names no environment variable: write \${env.NAME}`);
    else if (trimmed === '') found.push(`"${written}" names no variable (write $\${ for a literal \${)`);
    else if (!NAME.test(inside))
      found.push(
        NAME.test(trimmed)
          ? `"${written}" is not a variable: write \${${trimmed}}, with no spaces (or $\${ for a literal \${)`
          : `"${written}" is not a variable: a name is letters, digits and _ (or $\${ for a literal \${)`,
      );
  }
  return found;
}

/** Set by the environment or made fresh at each use, never by a step. */
export const isBuiltInVariable = (name: string): boolean =>
  name.startsWith('env.') || name === 'fresh.reference' || name === 'fresh.uuid';

export class Variables {
  private readonly values = new Map<string, unknown>();

  constructor(
    initial: Record<string, unknown> = {},
    private readonly env: Record<string, string | undefined> = {},
  ) {
    for (const [name, value] of Object.entries(initial)) this.values.set(name, value);
  }

  set(name: string, value: unknown): void {
    this.values.set(name, value);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  get(name: string): unknown {
    if (name.startsWith('env.')) {
      const value = this.env[name.slice(4)];
      if (value === undefined)
        throw new VariableError(`\${${name}}: the environment variable ${name.slice(4)} is not set`);
      return value;
    }
    if (name === 'fresh.reference') return freshOrderReferenceId();
    if (name === 'fresh.uuid') return globalThis.crypto.randomUUID();
    if (!this.values.has(name)) {
      const known = [...this.values.keys()].sort();
      throw new VariableError(
        `\${${name}} is not set${known.length === 0 ? '' : ` (set so far: ${known.join(', ')})`}`,
      );
    }
    return this.values.get(name);
  }

  /** A copy of `value` with every `${name}` replaced. */
  substitute(value: unknown): unknown {
    if (typeof value === 'string') return this.substituteText(value);
    if (Array.isArray(value)) return value.map((item) => this.substitute(item));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.substitute(item)]));
    return value;
  }

  private substituteText(text: string): unknown {
    const whole = WHOLE.exec(text);
    if (whole?.[1] !== undefined) return this.get(whole[1]);
    return text.replace(ANY, (match, name: string | undefined) => {
      if (name === undefined) return '${';
      const value = this.get(name);
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
  }

  snapshot(): Record<string, unknown> {
    return Object.fromEntries(this.values);
  }
}
