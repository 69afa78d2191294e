// renderer-floors shim: moved to ui/navigation.ts; removed by `node scripts/renderer-floors.mjs --all`.
export * from '@ui/navigation';
