import type { IpcInvokeEventLike } from '../bridge/ipc';
import { isAppUrl } from './trusted-url';

/**
 * A call is trusted when it comes from a frame showing our app. `isMainFrame` is supplied by
 * the caller (it compares Electron frame objects, which this pure helper cannot construct).
 */
export function isTrustedIpcSender(event: IpcInvokeEventLike, isMainFrame: boolean): boolean {
  return isMainFrame && event.senderFrame !== null && isAppUrl(event.senderFrame.url);
}
