import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { startServedConsole } from '../tests/e2e/fixtures/serve-process';
import { percentile, type BenchResult } from './bench-kit';
import { LARGE_DOCUMENT_CHARS } from '../src/renderer/src/features/builder/large-document';
import { largeDocument } from './large-documents';
import { startReferenceEditor } from './reference-editor';
import { chromiumArgs, chromiumPath } from '../tests/e2e/fixtures/chromium-launch';

const ROOT = join(import.meta.dirname, '..');
const ARGS = chromiumArgs(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
/** Keys typed into the document after the paste, one every KEY_INTERVAL_MS (a quick typist). */
const KEYS = 40;
const KEY_INTERVAL_MS = 100;
/** "Interactive": the end of the last long task before this long without one. */
const QUIET_MS = 1000;

/**
 * `inserted`: the text goes in as an input method's commit (Playwright's keyboard.insertText),
 * not a paste event. Chromium edited such a text into the editor line by line, a cost that grew
 * with the square of its lines (whole-text-input.ts): 60 items took 13 s, 170 never finished.
 */
const ALL_SIZES = [
  { name: '250k', chars: 250_000, label: '250 KB', inserted: false },
  { name: '1m', chars: 1_000_000, label: '1 MB', inserted: false },
  { name: '5m', chars: 5_000_000, label: '5 MB', inserted: false },
  { name: 'insert-100k', chars: 100_000, label: '100 KB', inserted: true },
] as const;
/** `BENCH_BUILDER_SIZES=5m,1m` measures only those sizes (profiling one of them). */
const SIZES = ALL_SIZES.filter((size) =>
  (process.env['BENCH_BUILDER_SIZES'] ?? size.name).split(',').includes(size.name),
);
/** `BENCH_BUILDER_ROOT`: another checkout's build to measure (before/after a change). */
const CONSOLE_ROOT = process.env['BENCH_BUILDER_ROOT'];
/**
 * `BENCH_PROFILE_DIR`: a CDP CPU profile and a Chrome trace of each page (the console's and the
 * reference's) from the paste to the end of typing are written there per size (both open in
 * Chrome DevTools' Performance panel). Profiling slows the page: figures of such a run are not
 * comparable with others.
 */
const PROFILE_DIR = process.env['BENCH_PROFILE_DIR'];
/**
 * `BENCH_REFERENCE_LANGUAGE=always`: the reference keeps the JSON language at every size (a
 * bare CodeMirror as it comes) instead of leaving it out above the large-document size as the
 * console does.
 */
const REFERENCE_LANGUAGE_ALWAYS = process.env['BENCH_REFERENCE_LANGUAGE'] === 'always';
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];

function ensureBuilt(): void {
  if (!existsSync(join(ROOT, 'out', 'main', 'cli.js')))
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const probeSchema = z.object({
  keys: z.array(z.number()),
  longTasks: z.array(z.object({ start: z.number(), duration: z.number() })),
});

interface EditorFigures {
  /** Paste → the first frame painted after it. */
  pastePaintMs: number;
  /** Paste → the end of the last long task before a quiet second (the page answers at once from then on). */
  interactiveMs: number;
  /** The console only: paste → the worker's findings for the pasted text applied. */
  findingsMs?: number;
  keyP50Ms: number;
  keyP95Ms: number;
  /** The longest task from the paste to the end of typing. */
  longestTaskMs: number;
  heapMb: number;
}

interface EditorTarget {
  open(page: Page): Promise<void>;
  /** Insert the text as an input method commits it instead of pasting it. */
  inserted?: boolean;
  /** Whether the page reports its analysis (the console), so findings can be timed. */
  analyses: boolean;
  /** Where to write a CPU profile and a Chrome trace of the paste and the typing, if anywhere. */
  profileTo?: { cpu: string; trace: string };
}

/** Paste the document, wait until the page is quiet, then type KEYS keys inside a string value. */
async function measureEditor(browser: Browser, target: EditorTarget, text: string): Promise<EditorFigures> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.addInitScript({ path: join(ROOT, 'bench', 'editor-probes.js') });
    await target.open(page);
    const cdp = target.profileTo === undefined ? null : await page.context().newCDPSession(page);
    if (cdp !== null && target.profileTo !== undefined) {
      await browser.startTracing(page, { path: target.profileTo.trace, categories: TRACE_CATEGORIES });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const pasted = z
      .object({ started: z.number(), painted: z.number() })
      .parse(
        target.inserted === true
          ? await insertText(page, text)
          : await page.evaluate(`window.__benchPaste(${JSON.stringify(text)})`),
      );
    const findingsMs = target.analyses
      ? Number(await page.evaluate(`window.__benchWaitAnalysis(${pasted.started})`))
      : undefined;
    // Wait for a quiet second (or 30 s), then read when the last long task after the paste ended.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const probe = probeSchema.parse(await page.evaluate('window.__editorBench'));
      const ends = probe.longTasks.map((task) => task.start + task.duration);
      const now = Number(await page.evaluate('performance.now()'));
      if (now - Math.max(pasted.started, ...ends) >= QUIET_MS || Date.now() > deadline) break;
      await page.waitForTimeout(200);
    }
    const settled = probeSchema.parse(await page.evaluate('window.__editorBench'));
    const lastEnd = Math.max(
      pasted.started + pasted.painted,
      ...settled.longTasks.map((task) => task.start + task.duration),
    );

    await page.evaluate("window.__benchCursorAfter('description')");
    await page.evaluate('window.__editorBench.watching = true');
    for (let key = 0; key < KEYS; key++) {
      await page.keyboard.press(key % 2 === 0 ? 'x' : 'y');
      await page.waitForTimeout(KEY_INTERVAL_MS);
    }
    await page.waitForTimeout(1000);
    if (cdp !== null && target.profileTo !== undefined) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(target.profileTo.cpu, JSON.stringify(profile));
      await browser.stopTracing();
    }
    const typed = probeSchema.parse(await page.evaluate('window.__editorBench'));
    await page.evaluate('window.gc && window.gc()');
    const heapMb = Number(await page.evaluate('window.__benchHeapMb()'));
    const afterPaste = typed.longTasks.filter((task) => task.start >= pasted.started - 1);
    return {
      pastePaintMs: Math.round(pasted.painted),
      interactiveMs: Math.round(lastEnd - pasted.started),
      ...(findingsMs === undefined ? {} : { findingsMs: Math.round(findingsMs) }),
      keyP50Ms: Math.round(percentile(typed.keys, 50)),
      keyP95Ms: Math.round(percentile(typed.keys, 95)),
      longestTaskMs: Math.round(Math.max(0, ...afterPaste.map((task) => task.duration))),
      heapMb: Math.round(heapMb),
    };
  } finally {
    await page.close();
  }
}

/** Inserts `text` over everything in the editor as an input method commits it; timed as __benchPaste is. */
async function insertText(page: Page, text: string): Promise<unknown> {
  const started = Number(await page.evaluate('window.__benchSelectAll()'));
  await page.keyboard.insertText(text);
  const painted = Number(await page.evaluate('window.__benchNextFrame()'));
  return { started, painted: painted - started };
}

function profilePaths(dir: string, name: string): { cpu: string; trace: string } {
  mkdirSync(dir, { recursive: true });
  return { cpu: join(dir, `${name}.cpuprofile`), trace: join(dir, `${name}.trace.json`) };
}

const ratio = (reference: number, console_: number) =>
  Number((reference / Math.max(console_, 0.1)).toFixed(2));

/**
 * The builder's raw editor with a pasted 250 KB, 1 MB and 5 MB document in Chromium: time to
 * the first paint and to interactive, the findings, keystroke-to-paint while typing and the
 * heap; the same (findings aside) on a bare CodeMirror page with the same extensions, in the
 * same run.
 */
export async function builderBrowser(): Promise<BenchResult[]> {
  ensureBuilt();
  const reference = await startReferenceEditor();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ARGS,
  });
  const results: BenchResult[] = [];
  try {
    for (const size of SIZES) {
      const text = largeDocument(size.chars);
      const items = (JSON.parse(text) as { items: unknown[] }).items.length;
      // A fresh console per size: nothing of the previous document is left in it.
      const served = await startServedConsole({}, undefined, CONSOLE_ROOT);
      try {
        const console_ = await measureEditor(
          browser,
          {
            analyses: true,
            inserted: size.inserted,
            ...(PROFILE_DIR === undefined
              ? {}
              : { profileTo: profilePaths(PROFILE_DIR, `console-${size.name}`) }),
            async open(page) {
              await page.goto(`${served.launchUrl}#/builder`);
              await page.locator('#root[data-app-state="ready"]').waitFor();
              await page.getByRole('textbox', { name: 'Raw JSON' }).waitFor();
            },
          },
          text,
        );
        // A bare CodeMirror leaves an inserted text to the browser: minutes at this size.
        const floor = size.inserted
          ? null
          : await measureEditor(
              browser,
              {
                analyses: false,
                ...(PROFILE_DIR === undefined
                  ? {}
                  : { profileTo: profilePaths(PROFILE_DIR, `reference-${size.name}`) }),
                async open(page) {
                  await page.goto(
                    REFERENCE_LANGUAGE_ALWAYS
                      ? reference.origin
                      : `${reference.origin}/?plainAbove=${LARGE_DOCUMENT_CHARS}`,
                  );
                  await page.waitForFunction('window.__referenceReady === true');
                },
              },
              text,
            );
        const large = size.chars > LARGE_DOCUMENT_CHARS;
        if (floor === null) {
          results.push({
            name: `builder-${size.name}`,
            title: `Builder raw editor, ${size.label} inserted whole (${items} items, ${text.length.toLocaleString('en')} characters)`,
            goal: 'interactive < 1 s, findings < 2 s',
            console: { ...console_ },
            reference: null,
            ratio: null,
            pass: console_.interactiveMs < 1000 && (console_.findingsMs ?? Infinity) < 2000,
            notes: `Headless Chromium on this machine (no GPU). The document replaces the editor's text as an input method commits it (Playwright's keyboard.insertText: one beforeinput of type insertText), then ${KEYS} keys are typed ${KEY_INTERVAL_MS} ms apart inside the description. Interactive and findings as for a paste. No reference: a bare CodeMirror leaves such a text to Chromium's editing, which grows with the square of its lines (60 items: 8.6 s, 90 items: 33 s on this machine), where the console's raw editor inserts it as one change (whole-text-input.ts).`,
          });
          continue;
        }
        results.push({
          name: `builder-paste-${size.name}`,
          title: `Builder raw editor, ${size.label} pasted (${text.length.toLocaleString('en')} characters)`,
          goal: large
            ? 'interactive < 5 s, no task > 200 ms, findings < 10 s'
            : 'keystroke p95 ≤ 50 ms, findings < 1 s',
          console: { ...console_ },
          reference: { ...floor },
          ratio: ratio(floor.keyP95Ms, console_.keyP95Ms),
          pass: large
            ? console_.interactiveMs < 5000 &&
              console_.longestTaskMs <= 200 &&
              (console_.findingsMs ?? 0) < 10_000
            : console_.keyP95Ms <= 50 && (console_.findingsMs ?? Infinity) < 1000,
          notes: `Headless Chromium on this machine (no GPU). The document is pasted over the editor's text (a paste event, as Ctrl+V), then ${KEYS} keys are typed ${KEY_INTERVAL_MS} ms apart inside the description. Key latency: keydown → the frame after it was handled. Interactive: paste → the end of the last long task before ${QUIET_MS} ms without one. Findings: paste → the worker's findings for the pasted text applied. Reference: bench/reference-editor/main.js, CodeMirror with the same extensions and nothing else (${REFERENCE_LANGUAGE_ALWAYS ? 'the JSON language at every size' : `the JSON language left out above ${LARGE_DOCUMENT_CHARS.toLocaleString('en')} characters, as in the console`}). Ratio: reference key p95 ÷ console key p95.`,
        });
      } finally {
        await served.stop();
      }
    }
  } finally {
    await browser.close();
    await reference.stop();
  }
  return results;
}
