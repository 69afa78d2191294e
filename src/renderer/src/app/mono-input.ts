// renderer-floors shim: moved to ui/mono-input.ts; removed by `node scripts/renderer-floors.mjs --all`.
export * from '@ui/mono-input';
