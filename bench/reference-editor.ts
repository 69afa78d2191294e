import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';

export interface ReferenceEditor {
  origin: string;
  stop(): Promise<void>;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Reference editor</title>
    <style>html, body, #editor { margin: 0; height: 100%; }</style>
  </head>
  <body>
    <div id="editor"></div>
    <script type="module" src="/editor.js"></script>
  </body>
</html>`;

/** bench/reference-editor/main.js bundled in memory (vite, as the console's renderer is). */
async function bundle(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    // Library mode leaves process.env alone; the page has none (React reads NODE_ENV).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    root: join(import.meta.dirname, 'reference-editor'),
    build: {
      write: false,
      minify: true,
      lib: {
        entry: join(import.meta.dirname, 'reference-editor', 'main.js'),
        formats: ['es'],
        fileName: 'editor',
      },
    },
  });
  const results: Rollup.RollupOutput[] = Array.isArray(output) ? output : [output as Rollup.RollupOutput];
  const chunk = results.flatMap((result) => result.output).find((file) => file.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error('The reference editor did not bundle');
  return chunk.code;
}

/**
 * The reference for the raw editor benchmark: bench/reference-editor/main.js (CodeMirror with
 * the builder's extensions, nothing else) served from memory on 127.0.0.1.
 */
export async function startReferenceEditor(): Promise<ReferenceEditor> {
  const script = await bundle();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/editor.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (path === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
