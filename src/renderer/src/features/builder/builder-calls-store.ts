import type { CommandInput, PushEvent } from '@shared/contract';
import { bridge } from '@bridge';
import type { ConnectionState } from '@bridge/ws-client';
import type { BuilderState, WaitingWorkingCopy } from '@shared/drafts';
import { tabId } from './tab-id';

/** This page's saves, numbered; a reload numbers its own from 1 under a new page id. */
const page = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
let saves = 0;
/**
 * Which save of this page this is: a large save goes as an upload in parts and can reach main
 * after a smaller one this page made later, which main then keeps (drafts-service.ts
 * saveBuilderState). Not a clock: one set back would have dropped every save after it.
 */
function nextSaveOrder(): { page: string; n: number } {
  saves += 1;
  return { page, n: saves };
}

/**
 * The builder's calls to main, in one place: drafts and the working copy, preparing and sending
 * a checkout (and cancelling one in flight), and main's pushes (the emulator's status is the
 * emulator feature's store).
 * Components and the builder's other stores keep their own state and stale-answer guards.
 */
export const builderCalls = {
  listDrafts: () => bridge.listDrafts({}),
  getDraft: (id: number) => bridge.getDraft({ id }),
  saveDraft: (input: CommandInput<'saveDraft'>) => bridge.saveDraft(input),
  renameDraft: (id: number, name: string) => bridge.renameDraft({ id, name }),
  duplicateDraft: (id: number) => bridge.duplicateDraft({ id }),
  deleteDraft: (id: number) => bridge.deleteDraft({ id }),
  /** This tab's working copy (another tab's own is left alone: tab-id.ts). */
  getWorkingCopy: () => bridge.getBuilderState({ tab: tabId() }),
  /** With `waiting`, main keeps the waiting copy in the same transaction (working-copy-offer.ts). */
  saveWorkingCopy: (state: BuilderState, waiting?: WaitingWorkingCopy) =>
    bridge.saveBuilderState({
      ...state,
      tab: tabId(),
      order: nextSaveOrder(),
      ...(waiting === undefined ? {} : { waiting }),
    }),
  /** The copy this tab keeps apart while the builder asks whether to open it (working-copy.ts). */
  getWaitingCopy: () => bridge.getWaitingWorkingCopy({ tab: tabId() }),
  discardWaitingCopy: () => bridge.discardWaitingWorkingCopy({ tab: tabId() }),
  prepareCheckout: (input: CommandInput<'prepareCheckout'>) => bridge.prepareCheckout(input),
  sendCheckout: (input: CommandInput<'sendCheckout'>) => bridge.sendCheckout(input),
  cancelExchange: (requestKey: string) => bridge.cancelExchange({ requestKey }),
  /** The active profile's orders whose id or reference holds `text` (reference-sent-before.tsx). */
  ordersMatching: (text: string, profileId: number) => bridge.listOrders({ text, profileId, limit: 20 }),
  /** Every push from main; returns the unsubscribe. */
  onPush: (listener: (event: PushEvent) => void) => bridge.subscribe(listener),
  /** Browser mode's connection (the desktop window never reports one); returns the unsubscribe. */
  onConnection: (listener: (connection: ConnectionState) => void) => bridge.onConnectionState(listener),
};
