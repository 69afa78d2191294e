import { z } from 'zod';
import {
  builderDocumentSchema,
  builderStateSchema,
  draftNameSchema,
  draftSchema,
  draftSummarySchema,
  saveOrderSchema,
  waitingWorkingCopySchema,
} from '../drafts';
import { defineCommand, noInput } from './define';

const draftId = z.number().int().positive();
/**
 * The tab or window a working copy belongs to (kept in its sessionStorage, so a reload keeps
 * it): two tabs of one console each keep their own working copy.
 */
const tabId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a tab id is 1–64 letters, digits or dashes');
const draftList = z.object({ drafts: z.array(draftSummarySchema) });

export const draftCommands = {
  listDrafts: defineCommand(noInput, draftList),
  getDraft: defineCommand(z.object({ id: draftId }), draftSchema),
  /**
   * Creates a draft, or overwrites the one with `id`. With `expectedUpdatedAt` (the draft's
   * `updatedAt` when it was opened), refused as a conflict when it was saved elsewhere since.
   */
  saveDraft: defineCommand(
    builderDocumentSchema.extend({
      id: draftId.optional(),
      name: draftNameSchema,
      expectedUpdatedAt: z.string().max(64).optional(),
    }),
    draftSchema,
  ),
  renameDraft: defineCommand(z.object({ id: draftId, name: draftNameSchema }), draftSchema),
  duplicateDraft: defineCommand(z.object({ id: draftId, name: draftNameSchema.optional() }), draftSchema),
  deleteDraft: defineCommand(z.object({ id: draftId }), z.object({ removedId: draftId })),
  /**
   * The builder's working copy: this tab's, or (a new tab, a restart) the one saved last by any
   * tab; null before the builder was first used.
   */
  getBuilderState: defineCommand(z.object({ tab: tabId.optional() }), builderStateSchema.nullable()),
  /**
   * Saves this tab's working copy, and with `waiting` its waiting copy (null: none) in the same
   * transaction: no order in which saves arrive can leave the one without the other. With
   * `order`, a save the same page made before the one stored is dropped (a large save, sent in
   * parts, can arrive after a later one).
   */
  saveBuilderState: defineCommand(
    builderStateSchema.extend({
      tab: tabId.optional(),
      waiting: waitingWorkingCopySchema.nullable().optional(),
      /** Which save of the page this is: one made before the copy main holds is dropped. */
      order: saveOrderSchema.optional(),
    }),
    z.object({ saved: z.literal(true) }),
  ),
  /**
   * The working copy this tab keeps apart while the builder asks whether to open it (see
   * waitingWorkingCopySchema): this tab's, or, for a new tab, that of the tab saved last.
   */
  getWaitingWorkingCopy: defineCommand(
    z.object({ tab: tabId.optional() }),
    waitingWorkingCopySchema.nullable(),
  ),
  /** Lets this tab's waiting copy go once discarded; it is kept only with a working copy's save. */
  discardWaitingWorkingCopy: defineCommand(
    z.object({ tab: tabId.optional() }),
    z.object({ saved: z.literal(true) }),
  ),
};

export const draftPushEvents = {
  'drafts.changed': draftList,
};
