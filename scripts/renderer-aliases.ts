import { resolve } from 'node:path';

/**
 * The renderer's path aliases, for every tool that resolves renderer code (the renderer build in
 * electron.vite.config.ts and vitest). tsconfig.web.json / tsconfig.node.json declare the same
 * paths for the type checker; scripts/renderer-floors.mjs writes imports in this form.
 */
const root = resolve(import.meta.dirname, '..');
const rendererSrc = resolve(root, 'src/renderer/src');

export const rendererAliases = [
  { find: /^@shared\//, replacement: `${resolve(root, 'src/shared')}/` },
  { find: /^@bridge$/, replacement: resolve(rendererSrc, 'bridge.ts') },
  { find: /^@bridge\//, replacement: `${resolve(rendererSrc, 'bridge')}/` },
  { find: /^@ui\//, replacement: `${resolve(rendererSrc, 'ui')}/` },
  { find: /^@features\//, replacement: `${resolve(rendererSrc, 'features')}/` },
  { find: /^@app\//, replacement: `${resolve(rendererSrc, 'app')}/` },
];
