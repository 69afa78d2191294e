import { resolve } from 'node:path';

/**
 * The renderer's path aliases, for every tool that resolves renderer code (the renderer build in
 * electron.vite.config.ts and vitest). tsconfig.web.json / tsconfig.node.json declare the same
 * paths for the type checker; scripts/renderer-floors.mjs writes imports in this form.
 */
export function rendererAliases(root: string) {
  // The root comes from the caller: config files are bundled before they run, so this module's
  // own location is not a reliable anchor.
  const rendererSrc = resolve(root, 'src/renderer/src');
  return [
    { find: /^@shared\//, replacement: `${resolve(root, 'src/shared')}/` },
    { find: /^@bridge$/, replacement: resolve(rendererSrc, 'bridge.ts') },
    { find: /^@bridge\//, replacement: `${resolve(rendererSrc, 'bridge')}/` },
    { find: /^@ui\//, replacement: `${resolve(rendererSrc, 'ui')}/` },
    { find: /^@features\//, replacement: `${resolve(rendererSrc, 'features')}/` },
    { find: /^@app\//, replacement: `${resolve(rendererSrc, 'app')}/` },
  ];
}
