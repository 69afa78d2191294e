import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { rendererAliases } from './scripts/renderer-aliases';

// One build produces everything the three front doors need:
// out/main (desktop entry + CLI, both plain ESM over node_modules), out/preload (sandboxed, so
// a single CommonJS file with its imports bundled in) and out/renderer (the React UI, also
// served as-is by browser mode).
export default defineConfig({
  main: {
    build: {
      // Bundled rather than loaded from node_modules: faker's package entry imports all ~70
      // locales (0.4–0.7 s at every CLI start); bundled, only the two the samples use remain.
      // The other pure-JavaScript libraries are bundled too: resolving, reading and compiling
      // their many ESM files was a third of `serve`'s start in a CPU profile (Node 20 keeps no
      // compile cache); bundled, `profiles` fell from 660 to 480 ms and serve's ready line from
      // 740 to 610 ms (medians, interleaved). Native addons (better-sqlite3, the keychain) and
      // `open` (which finds its helper scripts beside its own file) stay in node_modules.
      externalizeDeps: {
        exclude: ['@faker-js/faker', 'zod', 'jose', 'commander', 'yaml', 'ws', 'xmlbuilder2'],
      },
      // Vite's 500 kB warning is about pages fetched over a network. Main's shared chunk (about
      // 1.2 MB) is read from disk by Node, so splitting it would buy nothing, and the warning
      // only alarmed whoever ran `npm start` for the first time.
      chunkSizeWarningLimit: 2048,
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/main/cli/index.ts'),
        },
        // What the desktop entry and the CLI share, named for that: the bundler named it after
        // its first module (content-security-policy-*.js), which misled every CPU profile read.
        output: { chunkFileNames: 'chunks/shared-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    resolve: { alias: rendererAliases(resolve('.')) },
    build: {
      // Minified: the page parses a third of the bytes on every start (4 MB unminified), which
      // every first paint and every e2e test pays. Source maps keep stack traces readable.
      minify: true,
      sourcemap: true,
      // The page is read from disk (desktop) or over loopback (browser mode), never over a real
      // network: one 2 MB bundle, not Vite's 500 kB web-page warning, is the budget here.
      chunkSizeWarningLimit: 3072,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
