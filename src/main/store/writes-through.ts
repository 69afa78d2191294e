import type { StoreWriter } from './store-writer-types';

/**
 * The repository with the named methods (its writes) made through the writer: each is
 * committed when it returns, or, called inside another write, is part of that one.
 * `oneStatement` names writes that run a single SQL statement (an order's insert): SQLite undoes
 * a failed statement by itself, so inside another write they take no savepoint of their own,
 * only that write's (issue 20: the emulator's insert ran in two nested savepoints).
 */
export function writesThrough<R extends object>(
  writer: StoreWriter,
  repository: R,
  writes: readonly (keyof R)[],
  oneStatement: readonly (keyof R)[] = [],
): R {
  const wrapped: R = { ...repository };
  const wrap = (name: keyof R, through: (fn: () => unknown) => unknown) => {
    const method = repository[name];
    if (typeof method !== 'function') throw new Error(`${String(name)} is not a method.`);
    Object.assign(wrapped, {
      [name]: (...args: unknown[]): unknown => through(() => Reflect.apply(method, repository, args)),
    });
  };
  for (const name of writes) wrap(name, (fn) => writer.writeNow(fn));
  for (const name of oneStatement) wrap(name, (fn) => writer.writeStatementNow(fn));
  return wrapped;
}
