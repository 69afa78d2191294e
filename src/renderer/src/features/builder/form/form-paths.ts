import { formatJsonPath } from '@shared/json-path';

export type Segments = readonly (string | number)[];

/** react-hook-form's name for a document path: `items.2.sku`. */
export function fieldName(path: Segments): string {
  return path.join('.');
}

/** The path findings use (`items[2].sku`), also the inputs' `data-path`, for jumping to them. */
export function findingPath(path: Segments): string {
  return formatJsonPath(path);
}

/** A catalogue path (`items[].sku`, `discount.name`) as segments, the `[]` taking `index`. */
export function concretePath(pattern: string, index?: number): (string | number)[] {
  return pattern
    .split('.')
    .flatMap((part) =>
      part.endsWith('[]') ? [part.slice(0, -2), ...(index === undefined ? [] : [index])] : [part],
    );
}
