import { List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BridgeError } from '@bridge/bridge-error';
import { CHANGED_ELSEWHERE } from '@shared/settings-patch';
import { confirmAction } from './confirm-dialog';

/** Whether main refused a save because what it changes was changed elsewhere since it was read. */
export function isChangedElsewhere(error: unknown): error is BridgeError {
  return (
    error instanceof BridgeError &&
    error.code === 'conflict' &&
    error.issues.length > 0 &&
    error.issues.every((issue) => issue.message === CHANGED_ELSEWHERE)
  );
}

/**
 * The one question after a save refused because another window, tab or terminal changed the
 * same thing since this window read it (a draft, a setting, a profile): Overwrite, or Keep
 * editing (nothing saved; what this window shows stays as typed). True only on Overwrite.
 */
export function confirmOverwriteChangedElsewhere(options: {
  title: string;
  /** What changed and when, as main said it, or the fields by the form's own labels. */
  why: ReactNode;
  /** What Keep editing leaves the person to do, where there is more than waiting. */
  keepEditingHint?: string;
}): Promise<boolean> {
  return confirmAction({
    title: options.title,
    children: (
      <Stack gap="xs">
        {typeof options.why === 'string' ? <Text size="sm">{options.why}</Text> : options.why}
        <Text size="sm">
          <b>Overwrite</b> replaces that with what this window shows. <b>Keep editing</b> saves nothing
          {options.keepEditingHint === undefined ? '.' : `; ${options.keepEditingHint}`}
        </Text>
      </Stack>
    ),
    confirmLabel: 'Overwrite',
    cancelLabel: 'Keep editing',
    color: 'orange',
  });
}

/**
 * Saves a form's patch checked against what the form read (`save(true)`), and when main says a
 * field of it was changed elsewhere meanwhile, names those fields by `labels` and asks: Overwrite
 * saves again unchecked (`save(false)`), Keep editing resolves null. Other failures are thrown.
 */
export async function saveUnlessChangedElsewhere<T>(options: {
  /** "Emulator settings", "Profile \"Local\"". */
  what: string;
  labels: Readonly<Record<string, string>>;
  save: (checked: boolean) => Promise<T>;
  /** What Keep editing leaves the person with; by default, a form that follows what is stored. */
  keepEditingHint?: string;
}): Promise<T | null> {
  try {
    return await options.save(true);
  } catch (error) {
    if (!isChangedElsewhere(error)) throw error;
    const fields = error.issues.map((issue) => options.labels[issue.path] ?? issue.path);
    const overwrite = await confirmOverwriteChangedElsewhere({
      title: `${options.what} changed elsewhere`,
      why: (
        <Stack gap={4}>
          <Text size="sm">
            Since this window read {fields.length === 1 ? 'it' : 'them'}, another window, tab or a terminal
            changed {fields.length === 1 ? 'this field' : 'these fields'}, so nothing was saved:
          </Text>
          <List size="sm" data-testid="changed-elsewhere-fields">
            {fields.map((field) => (
              <List.Item key={field}>{field}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      keepEditingHint:
        options.keepEditingHint ??
        'the fields you did not edit already show what is stored now, and yours stay as typed.',
    });
    return overwrite ? options.save(false) : null;
  }
}
