import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { draftConflictWords } from '@shared/draft-conflict';
import { draftNameSchema, type Draft } from '@shared/drafts';
import { confirmAction } from '@ui/confirm-dialog';
import { confirmDiscardChanges } from '@ui/confirm-discard';
import { confirmOverwriteChangedElsewhere } from '@ui/changed-elsewhere';
import { formatZoned } from '@ui/instant-format';
import { builderCalls } from './builder-calls-store';
import { BridgeError, errorMessage } from '@bridge/bridge-error';
import { selectDirty, selectReplaceable, useBuilderStore } from './builder-store';
import { clearLastAnswer } from './send-store';

/** Asks for a draft name; resolves null when the person backs out. */
export function askDraftName(title: string, initial: string, action: string): Promise<string | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      onClose: () => resolve(null),
      children: (
        <NamePrompt
          initial={initial}
          action={action}
          onDone={(name) => {
            resolve(name);
            modals.close(id);
          }}
        />
      ),
    });
  });
}

function NamePrompt({
  initial,
  action,
  onDone,
}: {
  initial: string;
  action: string;
  onDone: (name: string | null) => void;
}) {
  const [name, setName] = useState(initial);
  const parsed = draftNameSchema.safeParse(name);
  const submit = () => {
    if (parsed.success) onDone(parsed.data);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Draft name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={name === '' || parsed.success ? undefined : parsed.error.issues[0]?.message}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!parsed.success}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Confirms dropping unsaved edits of the working copy; true when there are none: the document is
 * its draft's, the empty new one, or an untouched sample or request as sent (selectReplaceable).
 */
export function confirmDiscard(what: string): Promise<boolean> {
  const state = useBuilderStore.getState();
  const untouchedNew = state.saved === null && state.text.trim() === '{}';
  if (!selectDirty(state) || untouchedNew || selectReplaceable(state)) return Promise.resolve(true);
  return confirmDiscardChanges(
    <Text size="sm">
      {state.saved === null
        ? 'The document in the builder is not saved as a draft.'
        : `"${state.saved.name}" has changes that are not saved.`}{' '}
      {what} replaces it.
    </Text>,
    'Discard and continue',
  );
}

function failed(action: string, error: unknown): void {
  notifications.show({ color: 'red', title: `${action} failed`, message: errorMessage(error) });
}

function documentOf() {
  const { form, singleCheckout, text } = useBuilderStore.getState();
  return { form, singleCheckout, text };
}

/** Saves over the current draft, or asks for a name when there is none. */
export async function saveDraft(): Promise<Draft | null> {
  const { saved } = useBuilderStore.getState();
  if (saved === null) return saveDraftAs();
  return storeDraft({ id: saved.id, name: saved.name, expectedUpdatedAt: saved.updatedAt });
}

export async function saveDraftAs(): Promise<Draft | null> {
  const { saved } = useBuilderStore.getState();
  const name = await askDraftName(
    'Save as a new draft',
    saved === null ? '' : `${saved.name} (copy)`,
    'Save',
  );
  if (name === null) return null;
  return storeDraft({ name });
}

/**
 * Writes the builder's document under `target` (an id overwrites that draft), and says so. A
 * draft saved elsewhere since it was opened (another tab, window or console) is overwritten
 * only when the person says so: the later save used to drop the other one's edits in silence.
 */
async function storeDraft(target: {
  id?: number;
  name: string;
  expectedUpdatedAt?: string;
}): Promise<Draft | null> {
  try {
    const draft = await builderCalls.saveDraft({ ...target, ...documentOf() });
    useBuilderStore.getState().markSaved(draft);
    notifications.show({ color: 'green', message: `Saved "${draft.name}"` });
    return draft;
  } catch (error) {
    if (target.expectedUpdatedAt !== undefined && error instanceof BridgeError && error.code === 'conflict')
      return (await confirmOverwrite(error)) ? storeDraft({ id: target.id, name: target.name }) : null;
    failed('Saving', error);
    return null;
  }
}

function confirmOverwrite(conflict: BridgeError): Promise<boolean> {
  return confirmOverwriteChangedElsewhere({
    title: 'Draft changed elsewhere',
    // The stored time in the window's zone, from main's data, never by rewriting its sentence.
    why: draftConflictWords(conflict.issues, formatZoned) ?? conflict.message,
    keepEditingHint: 'Save as…, on the arrow beside Save, then keeps yours beside it.',
  });
}

export async function openDraft(id: number): Promise<void> {
  if (!(await confirmDiscard('Opening the draft'))) return;
  try {
    useBuilderStore.getState().open(await builderCalls.getDraft(id));
    clearLastAnswer();
  } catch (error) {
    failed('Opening the draft', error);
  }
}

export async function renameDraft(id: number, current: string): Promise<void> {
  const name = await askDraftName('Rename draft', current, 'Rename');
  if (name === null || name === current) return;
  try {
    const draft = await builderCalls.renameDraft(id, name);
    if (useBuilderStore.getState().saved?.id === id) {
      const { saved } = useBuilderStore.getState();
      // A rename is a save too: this tab's next Save starts from it.
      if (saved !== null)
        useBuilderStore.setState({ saved: { ...saved, name: draft.name, updatedAt: draft.updatedAt } });
    }
  } catch (error) {
    failed('Renaming', error);
  }
}

export async function duplicateDraft(id: number): Promise<void> {
  try {
    const copy = await builderCalls.duplicateDraft(id);
    notifications.show({ message: `Duplicated as "${copy.name}"` });
  } catch (error) {
    failed('Duplicating', error);
  }
}

export async function deleteDraft(id: number, name: string): Promise<void> {
  const confirmed = await confirmAction({
    title: `Delete draft "${name}"?`,
    children: <Text size="sm">The draft is removed for good. The builder keeps what it shows, unsaved.</Text>,
    confirmLabel: 'Delete',
    color: 'red',
  });
  if (!confirmed) return;
  try {
    await builderCalls.deleteDraft(id);
    useBuilderStore.getState().forgetDraft(id);
  } catch (error) {
    failed('Deleting', error);
  }
}

export async function newDocument(): Promise<void> {
  if (!(await confirmDiscard('A new document'))) return;
  useBuilderStore.getState().open(null);
  clearLastAnswer();
}
