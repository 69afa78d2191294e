// renderer-floors shim: moved to ui/order-format.ts; removed by `node scripts/renderer-floors.mjs --all`.
export * from '@ui/order-format';
