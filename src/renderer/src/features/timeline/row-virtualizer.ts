/**
 * TanStack Virtual's useVirtualizer for the timeline and the builder's items table, imported through this module.
 * The react-hooks lint flags every direct call of it as "incompatible with the React Compiler"
 * (its instance keeps the same identity while its answers change, so a compiler-memoised
 * component would show stale rows). This app is not built with the React Compiler, and the
 * table that calls it reads the rows fresh on every render, which is all that warning asks for.
 */
export { useVirtualizer as useRowVirtualizer } from '@tanstack/react-virtual';
