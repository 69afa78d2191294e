import type { z } from 'zod';
import type { BridgeIssue } from '../../shared/contract';
import { formatJsonPath } from '../../shared/json-path';
import { consoleZodMessage } from '../../shared/zod-words';

/**
 * The fields of a bridge call's input that its command's schema does not name, as issues in the
 * words zod's strict objects get (`unknown field "themeX"`, zod-words.ts).
 *
 * A plain `z.object` drops what it does not know, so a typo (`responseStatus` for
 * `respondStatus`) answered ok and changed nothing. Checked here, on the one path every
 * transport takes, every command and every object the caller gives inside it refuses such a
 * field, including commands added later and schemas shared with stored settings and forms,
 * which keep reading leniently. An object declared loose (`z.looseObject`, a catchall) takes
 * any field by design and is left alone; so is a value of `z.unknown()`, such as a checkout
 * payload, which is the service's document, not the bridge's.
 */
export function unknownFieldIssues(schema: z.ZodType, value: unknown): BridgeIssue[] {
  const issues: BridgeIssue[] = [];
  visit(schema, value, [], issues);
  return issues;
}

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema under its wrappers (optional, default, a pipe's input, a lazy's getter…): the one
 * list of them, so objects and lists see through the same ones. Were a wrapper known to one and
 * not the other, the fields under it would pass without a word.
 */
function unwrap(schema: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unwrap(def.innerType);
    case 'pipe':
      return unwrap(def.in);
    case 'lazy':
      return unwrap((def.getter as () => unknown)());
    default:
      return schema;
  }
}

/**
 * The object schemas a schema accepts the value with at this level (through wrappers, unions,
 * intersections). Of a union, the options the value parses as (all, when it parses as none: the
 * parse says why), so `{"mode":"all","days":5}` is told `days` is not a field of that option.
 */
function objectsOf(schema: unknown, value: unknown): z.core.$ZodObjectDef[] {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'object':
      return [def as unknown as z.core.$ZodObjectDef];
    case 'union': {
      const options = def.options as z.ZodType[];
      const fitting = options.filter((option) => option.safeParse(value).success);
      return (fitting.length > 0 ? fitting : options).flatMap((option) => objectsOf(option, value));
    }
    case 'intersection':
      return [...objectsOf(def.left, value), ...objectsOf(def.right, value)];
    default:
      return [];
  }
}

function elementOf(schema: unknown): { kind: 'array' | 'record'; schema: unknown } | null {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'array':
      return { kind: 'array', schema: def.element };
    case 'record':
      return { kind: 'record', schema: def.valueType };
    default:
      return null;
  }
}

function visit(schema: unknown, value: unknown, path: PropertyKey[], issues: BridgeIssue[]): void {
  const element = elementOf(schema);
  if (element !== null) {
    if (element.kind === 'array' && Array.isArray(value))
      value.forEach((item, index) => visit(element.schema, item, [...path, index], issues));
    if (element.kind === 'record' && isRecord(value))
      for (const [key, item] of Object.entries(value)) visit(element.schema, item, [...path, key], issues);
    return;
  }
  if (!isRecord(value)) return;
  const objects = objectsOf(schema, value);
  if (objects.length === 0) return;
  // A loose object (a catchall other than never) takes any field: nothing here is unknown.
  if (objects.some((object) => object.catchall !== undefined && defOf(object.catchall).type !== 'never'))
    return;
  const unknown = Object.keys(value).filter(
    (key) => !objects.some((object) => Object.hasOwn(object.shape, key)),
  );
  if (unknown.length > 0)
    issues.push({
      path: formatJsonPath(path),
      message: consoleZodMessage({ code: 'unrecognized_keys', keys: unknown, input: value, path }),
    });
  for (const [key, item] of Object.entries(value)) {
    const named = objects.filter((object) => Object.hasOwn(object.shape, key));
    // Nested only where one option names the field: which option a union took is the parse's.
    if (named.length === 1) visit(named[0]?.shape[key], item, [...path, key], issues);
  }
}
