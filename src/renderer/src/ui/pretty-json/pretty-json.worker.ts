import { prettyAnswerSchema, prettyRequestSchema } from './pretty-json-messages';
import { prettyJsonTextAsWritten } from './pretty-json-text';

/**
 * Large bodies pretty-printed off the main thread: reading and printing 5 MB of JSON takes a
 * tenth of a second or more, which on the page held everything else up while a record opened.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
}
const scope: WorkerScope = self;

scope.onmessage = (event) => {
  const request = prettyRequestSchema.safeParse(event.data);
  if (!request.success) return;
  scope.postMessage(
    prettyAnswerSchema.parse({ id: request.data.id, pretty: prettyJsonTextAsWritten(request.data.text) }),
  );
};
