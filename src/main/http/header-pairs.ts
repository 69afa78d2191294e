import type { HeaderList } from '../../shared/events';

/** Node's flat `rawHeaders` as [name, value] pairs: order, case and duplicates kept. */
export function headerPairs(rawHeaders: readonly string[]): HeaderList {
  const pairs: HeaderList = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    pairs.push([rawHeaders[index] ?? '', rawHeaders[index + 1] ?? '']);
  }
  return pairs;
}
