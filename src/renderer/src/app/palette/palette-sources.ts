// renderer-floors shim: moved to ui/palette/palette-sources.ts; removed by `node scripts/renderer-floors.mjs --all`.
export * from '@ui/palette/palette-sources';
