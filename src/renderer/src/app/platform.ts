// renderer-floors shim: moved to ui/platform.ts; removed by `node scripts/renderer-floors.mjs --all`.
export * from '@ui/platform';
