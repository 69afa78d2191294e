import {
  CALL_INPUT_MAX_CHARS,
  transferCommands,
  type TransferCommandName,
} from '../../shared/contract/transfer';
import type { BridgeResult } from '../../shared/contract';
import { toBridgeError } from '../console-error';
import { bridgeIssuesWords, zodIssuesToBridgeIssues } from '../parse-input';
import type { CallContext } from './handlers';
import type { UploadStore } from './upload-store';
import { jsonSyntaxWords } from '../../shared/json-text';

type Dispatch = (command: string, rawInput: unknown, context: CallContext) => Promise<BridgeResult<unknown>>;

function invalid(message: string, issues = [{ path: '', message }]): BridgeResult<unknown> {
  return { ok: false, error: { code: 'invalid_input', message, issues } };
}

/**
 * The two commands by which large inputs cross the bridge in parts (shared/contract/transfer.ts):
 * `uploadPart` appends to an upload; `runCallFromUpload` turns the finished upload into the
 * input of another command and runs that through the same dispatcher, answering what it answers.
 */
export function createTransferCalls(uploads: UploadStore, dispatch: Dispatch) {
  return async (
    command: TransferCommandName,
    rawInput: unknown,
    context: CallContext,
  ): Promise<BridgeResult<unknown>> => {
    const parsed = transferCommands[command].input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      const issues = zodIssuesToBridgeIssues(parsed.error);
      return invalid(bridgeIssuesWords(issues), issues);
    }
    try {
      if ('index' in parsed.data) {
        const { uploadId, index, text } = parsed.data;
        return { ok: true, data: { receivedChars: uploads.append(uploadId, index, text) } };
      }
      const { uploadId, command: target, into } = parsed.data;
      if (Object.hasOwn(transferCommands, target))
        return invalid(`runCallFromUpload cannot run "${target}".`);
      if (into === undefined) {
        const text = uploads.take(uploadId, CALL_INPUT_MAX_CHARS, `The input of ${target}`);
        let input: unknown;
        try {
          input = JSON.parse(text);
        } catch (error) {
          return invalid(`The uploaded input of ${target} is not JSON: ${jsonSyntaxWords(text, error)}`);
        }
        return dispatch(target, input, context);
      }
      // The command's own schema bounds the field (an import's text, say); the store's cap
      // bounds what was held while it arrived.
      const text = uploads.take(uploadId, Number.MAX_SAFE_INTEGER, `The ${into.field} of ${target}`);
      return dispatch(target, { ...into.input, [into.field]: text }, context);
    } catch (error) {
      return { ok: false, error: toBridgeError(error) };
    }
  };
}
