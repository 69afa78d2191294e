import type { z } from 'zod';

/**
 * Whether zod would parse a value with one of the request schemas without a single issue,
 * decided by walking the schema's own definition: the same guards, the same checks and
 * refinements run on the same values, without zod's parse machinery (its payloads, issue
 * paths, error maps, finalised issues). Most requests the emulator judges are valid, and zod's
 * parse was about a third of create-checkout's CPU (issue 20, bench/README.md).
 *
 * It answers only yes or "ask zod": true means zod's safeParse succeeds; false means it fails
 * or this walk cannot tell (a schema kind or check it does not know, a guard that threw or
 * answered with a promise), and the caller runs zod, which words every issue. So no rule lives
 * here: the schemas stay their only owner. tests/unit/checkout-schema-clean-pass.test.ts holds
 * the answer to zod's over thousands of mutated requests of both forms.
 *
 * It follows zod 4's forward parse (core/schemas.js): a node's own parse, then its checks on
 * the value that parse gave (an object's refinement sees the object zod builds, unknown keys
 * dropped), and a key a non-optional field does not have is an issue however its schema
 * answers undefined.
 */

interface Payload {
  value: unknown;
  issues: unknown[];
}

/** What a check is to zod: a function over the payload that pushes issues, run when `when` says. */
interface CheckNode {
  _zod: {
    check: (payload: Payload) => unknown;
    def: { check: string; when?: (payload: Payload) => boolean };
  };
}

/** The parts of a schema's definition this walk reads; each kind uses its own fields. */
interface SchemaDef {
  type: string;
  checks?: readonly CheckNode[];
  fn?: (input: unknown) => unknown;
  when?: unknown;
  in?: SchemaNode;
  out?: SchemaNode;
  shape?: Record<string, SchemaNode>;
  catchall?: unknown;
  element?: SchemaNode;
  innerType?: SchemaNode;
}

interface SchemaNode {
  _zod: { def: SchemaDef; optin?: string; optout?: string };
}

/** Zod's answer is needed: an issue was found, or the walk cannot tell. */
const ASK_ZOD = Symbol('ask zod');

/** One node compiled: what zod's parse of `input` gives, or ASK_ZOD. */
type Walk = (input: unknown) => unknown;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const askZod: Walk = () => ASK_ZOD;

/** A node's checks, run on the value its parse gave; false when one would raise an issue. */
function checksOf(checks: readonly CheckNode[] | undefined): ((value: unknown) => boolean) | null {
  if (checks === undefined || checks.length === 0) return null;
  // Only custom checks (`.check(fn)`, superRefine) are known to read the value and push
  // issues, nothing more; a size cap or an overwrite does other things in zod's parse.
  if (checks.some((check) => check._zod.def.check !== 'custom')) return () => false;
  return (value) => {
    // One payload for them all: a check that pushed an issue ends the walk.
    const payload: Payload = { value, issues: [] };
    for (const check of checks) {
      const when = check._zod.def.when;
      if (when !== undefined && !when(payload)) continue;
      const result = check._zod.check(payload);
      if (result instanceof Promise || payload.issues.length > 0) return false;
    }
    return true;
  };
}

function objectWalk(def: SchemaDef, kept: boolean): Walk {
  const shape = def.shape;
  if (shape === undefined || def.catchall !== undefined || Object.getOwnPropertySymbols(shape).length > 0)
    return askZod;
  const fields = Object.keys(shape)
    .filter((key) => key !== '__proto__')
    .map((key) => {
      const field = shape[key];
      return {
        key,
        walk: field === undefined ? askZod : walkOf(field, kept),
        optional: field?._zod.optin !== undefined,
      };
    });
  if (!kept)
    return (input) => {
      if (!isObject(input)) return ASK_ZOD;
      for (const { key, walk, optional } of fields) {
        const value = walk(input[key]);
        if (value === ASK_ZOD) return ASK_ZOD;
        if (!(key in input) && (!optional || value !== undefined)) return ASK_ZOD;
      }
      return input;
    };
  return (input) => {
    if (!isObject(input)) return ASK_ZOD;
    const output: Record<string, unknown> = {};
    for (const { key, walk, optional } of fields) {
      const value = walk(input[key]);
      if (value === ASK_ZOD) return ASK_ZOD;
      // As zod reads presence: with `in`, so through the prototype too.
      if (key in input) output[key] = value;
      // Absent: an issue for a field that is not optional; a value made up for it (a default) is not known here.
      else if (!optional || value !== undefined) return ASK_ZOD;
    }
    return output;
  };
}

function arrayWalk(def: SchemaDef, kept: boolean): Walk {
  if (def.element === undefined) return askZod;
  const element = walkOf(def.element, kept);
  if (!kept)
    return (input) => {
      if (!Array.isArray(input)) return ASK_ZOD;
      for (let index = 0; index < input.length; index++)
        if (element(input[index]) === ASK_ZOD) return ASK_ZOD;
      return input;
    };
  return (input) => {
    if (!Array.isArray(input)) return ASK_ZOD;
    const output = new Array<unknown>(input.length);
    for (let index = 0; index < input.length; index++) {
      const value = element(input[index]);
      if (value === ASK_ZOD) return ASK_ZOD;
      output[index] = value;
    }
    return output;
  };
}

/** The node's own parse, before its checks; `kept`: see walkOf. */
function parseWalk(def: SchemaDef, kept: boolean): Walk {
  switch (def.type) {
    case 'custom': {
      // z.custom is a check of itself, run first among its checks.
      const guard = def.fn;
      if (guard === undefined || def.when !== undefined) return askZod;
      return (input) => {
        const passed = guard(input);
        return passed instanceof Promise || !passed ? ASK_ZOD : input;
      };
    }
    case 'pipe': {
      if (def.in === undefined || def.out === undefined) return askZod;
      // The right side reads what the left gave, as zod's pipe does: the left's value is kept.
      const left = walkOf(def.in, true);
      const right = walkOf(def.out, kept);
      return (input) => {
        const value = left(input);
        return value === ASK_ZOD ? ASK_ZOD : right(value);
      };
    }
    case 'object':
      return objectWalk(def, kept);
    case 'array':
      return arrayWalk(def, kept);
    case 'optional': {
      if (def.innerType === undefined || def.innerType._zod.optin === 'defaulted') return askZod;
      const inner = walkOf(def.innerType, kept);
      return (input) => (input === undefined ? input : inner(input));
    }
    case 'nullable': {
      if (def.innerType === undefined) return askZod;
      const inner = walkOf(def.innerType, kept);
      return (input) => (input === null ? input : inner(input));
    }
    case 'unknown':
      return (input) => input;
    default:
      return askZod;
  }
}

/**
 * Each node compiled once per use: the schemas are built once per form (form-schemas.ts) and
 * kept. A value zod's parse gives is read only by a check (of the node or one above it) and by
 * a pipe's right side; elsewhere a walk's answer is only "an issue or not", so an object or
 * array that nothing reads is not built again (about 2 of this walk.s 12–13 µs on the bench.s body,
 * issue 20), and its walk answers with its input.
 */
const compiled = { kept: new WeakMap<SchemaNode, Walk>(), unread: new WeakMap<SchemaNode, Walk>() };

/** `kept`: whether the value this walk gives is read (see above); answers ASK_ZOD alike either way. */
function walkOf(schema: SchemaNode, kept: boolean): Walk {
  const cache = kept ? compiled.kept : compiled.unread;
  let walk = cache.get(schema);
  if (walk === undefined) {
    // A schema that holds itself (none of the request's does) reaches its own walk through this.
    let built: Walk = askZod;
    cache.set(schema, (input) => built(input));
    const checks = checksOf(schema._zod.def.checks);
    // A node's checks read the value its parse gave, with every value built beneath it.
    const parse = parseWalk(schema._zod.def, kept || checks !== null);
    walk =
      checks === null
        ? parse
        : (input) => {
            const output = parse(input);
            return output === ASK_ZOD || !checks(output) ? ASK_ZOD : output;
          };
    built = walk;
    cache.set(schema, walk);
  }
  return walk;
}

/** True when `schema.safeParse(value)` certainly succeeds; false: ask zod (see above). */
export function passesWithoutIssues(schema: z.core.$ZodType, value: unknown): boolean {
  try {
    // The structural view of zod's own definition objects (zod types them per kind).
    return walkOf(schema as unknown as SchemaNode, false)(value) !== ASK_ZOD;
  } catch {
    // A throwing getter or guard: zod meets it again and answers as it always did.
    return false;
  }
}
