import { createContext, useContext } from 'react';
import type { Finding } from '../../../../../shared/checkout';

export interface BuilderFormContextValue {
  /** Findings by their path (`items[2].sku`), for the warnings shown under a field. */
  findingsByPath: ReadonlyMap<string, readonly Finding[]>;
  /** The document the form shows (the last raw text that parsed). */
  document: unknown;
  /** Structural edits (add or remove an object, rows): the form follows the new document. */
  edit: (change: (document: unknown) => unknown) => void;
}

export const BuilderFormContext = createContext<BuilderFormContextValue | null>(null);

export function useBuilderForm(): BuilderFormContextValue {
  const value = useContext(BuilderFormContext);
  if (value === null) throw new Error('useBuilderForm is used inside the builder form only');
  return value;
}

/** Warnings (not errors: react-hook-form shows those) found at exactly this path. */
export function useWarningsAt(path: string): readonly Finding[] {
  const { findingsByPath } = useBuilderForm();
  return (findingsByPath.get(path) ?? []).filter((finding) => finding.severity === 'warning');
}
