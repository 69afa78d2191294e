import { renameSync } from 'node:fs';
import { build } from 'esbuild';
import { BUNDLED_ENTRIES } from '../helpers/source-cli';

/**
 * Bundles the CLI from source once, before any test file runs, for the tests that start it in a
 * process of its own (helpers/source-cli.ts). Started through tsx instead, each process loaded
 * ~900 source files through tsx's loader: about 2.7 s of CPU a start against 0.55 s bundled,
 * for ~50 starts a unit run on CI's two cores. The bundle is this tree's source, built now, as
 * tsx read it: TypeScript transformed by the same esbuild, packages left in node_modules.
 */
export default async function bundleSourceCli(): Promise<void> {
  for (const { entry, bundle } of BUNDLED_ENTRIES) await bundleOne(entry, bundle);
}

async function bundleOne(entry: string, bundle: string): Promise<void> {
  // Written beside, then renamed: two runs in one checkout never start a half-written bundle.
  const partial = `${bundle}.${process.pid}.partial`;
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.node.json',
    outfile: partial,
    logLevel: 'warning',
  });
  renameSync(partial, bundle);
}
