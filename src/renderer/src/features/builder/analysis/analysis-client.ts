import { analyseDocument } from './analyse-document';
import { analysisResultSchema, type AnalysisRequest, type AnalysisResult } from './analysis-messages';

export interface DocumentAnalyser {
  /** Analyses the newest text: a request still waiting when a newer one comes is dropped. */
  analyse(request: AnalysisRequest): void;
}

/**
 * Runs the builder's analysis in a Web Worker, one request at a time, newest first: while the
 * worker is busy with one text, only the latest of the texts typed meanwhile waits. Where no
 * worker can start (an old engine, a blocked script), it falls back to the page, one task per
 * text, so the builder still works, only slower.
 */
export function createDocumentAnalyser(onResult: (result: AnalysisResult) => void): DocumentAnalyser {
  let worker: Worker | null = null;
  let busy = false;
  let waiting: AnalysisRequest | null = null;
  let inFlight: AnalysisRequest | null = null;
  let inPage = false;

  const runInPage = (request: AnalysisRequest) => {
    busy = true;
    setTimeout(() => {
      busy = false;
      onResult(analyseDocument(request));
      next();
    }, 0);
  };
  const send = (request: AnalysisRequest) => {
    if (inPage || worker === null) {
      runInPage(request);
      return;
    }
    busy = true;
    inFlight = request;
    worker.postMessage(request);
  };
  const next = () => {
    const request = waiting;
    waiting = null;
    if (request !== null) send(request);
  };

  try {
    worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), {
      type: 'module',
      name: 'builder-analysis',
    });
    worker.onmessage = (event: MessageEvent<unknown>) => {
      busy = false;
      const result = analysisResultSchema.safeParse(event.data);
      if (result.success) onResult(result.data);
      else console.error('The builder analysis answered something unexpected', event.data);
      next();
    };
    worker.onerror = (event) => {
      // A worker that cannot load (or crashed) is not retried: the page takes over.
      console.error('The builder analysis worker failed; analysing on the page instead', event.message);
      event.preventDefault();
      inPage = true;
      busy = false;
      waiting ??= inFlight;
      worker?.terminate();
      worker = null;
      next();
    };
  } catch (error) {
    console.error('No analysis worker; analysing on the page instead', error);
    inPage = true;
  }

  return {
    analyse(request) {
      if (busy) waiting = request;
      else send(request);
    },
  };
}
