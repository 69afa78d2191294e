import { analyseDocument } from './analyse-document';
import { analysisRequestSchema } from './analysis-messages';
import { installConsoleZodWords } from '@shared/zod-words';

installConsoleZodWords();

/**
 * The builder's analysis off the main thread: validating a megabyte of JSON takes hundreds of
 * milliseconds, which on the page would freeze typing. One request at a time; the client sends
 * only the newest text once the previous answer is in.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
}
const scope: WorkerScope = self;

scope.onmessage = (event) => {
  const request = analysisRequestSchema.safeParse(event.data);
  scope.postMessage(
    request.success
      ? analyseDocument(request.data)
      : { error: `Bad analysis request: ${request.error.message}` },
  );
};
