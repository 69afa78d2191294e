// renderer-floors shim: moved to ui/app-commands.ts; removed by `node scripts/renderer-floors.mjs --all`.
export * from '@ui/app-commands';
