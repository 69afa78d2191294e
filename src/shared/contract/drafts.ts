import { z } from 'zod';
import {
  builderDocumentSchema,
  builderStateSchema,
  draftNameSchema,
  draftSchema,
  draftSummarySchema,
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
  saveBuilderState: defineCommand(
    builderStateSchema.extend({ tab: tabId.optional() }),
    z.object({ saved: z.literal(true) }),
  ),
};

export const draftPushEvents = {
  'drafts.changed': draftList,
};
