import { notifications } from '@mantine/notifications';
import { formatBytes, formatExactCharacters } from '@shared/byte-size';
import { DRAFT_TEXT_MAX } from '@shared/drafts';
import { parseJsonText } from '@shared/json-text';
import { decodeUtf8Strictly } from '@shared/utf8-text';
import { downloadFile } from '@ui/download-file';
import { useBuilderStore } from './builder-store';
import { payloadFileName } from './builder-text';
import { confirmDiscard } from './drafts-actions';
import { clearLastAnswer } from './send-store';

/**
 * Exports the payload exactly as typed, as a `.json` file the `validate` and `send` commands
 * read. The browser downloads it; the desktop app asks where to save it.
 */
export function exportPayload(): void {
  const { text, saved } = useBuilderStore.getState();
  downloadFile(new Blob([text], { type: 'application/json' }), payloadFileName(saved?.name ?? null));
}

const LIMIT_WORDS = formatExactCharacters(DRAFT_TEXT_MAX);

/** Opens a JSON file as a new, unsaved document (kept as typed, even when it does not parse). */
export async function importPayload(file: File): Promise<void> {
  const refuse = (message: string) => notifications.show({ color: 'red', title: 'Not imported', message });
  // A draft keeps DRAFT_TEXT_MAX characters, not bytes: an Arabic document of 4.6 MB is 2.3
  // million characters. UTF-8 spends at most 3 bytes a character (4 for a pair of them), so a
  // file of more bytes than three times the limit is refused before it is read.
  if (file.size > 3 * DRAFT_TEXT_MAX) {
    refuse(`${file.name} is ${formatBytes(file.size)}, more than the ${LIMIT_WORDS} a draft keeps.`);
    return;
  }
  // Strictly: file.text() put U+FFFD for a Latin-1 byte, a payload the file does not hold.
  const decoded = decodeUtf8Strictly(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) {
    refuse(`${file.name} is not UTF-8 text: ${decoded.problem}.`);
    return;
  }
  if (decoded.text.length > DRAFT_TEXT_MAX) {
    refuse(
      `${file.name} is ${formatExactCharacters(decoded.text.length)}; the builder imports a file of at most ${LIMIT_WORDS}, so that a draft can keep it.`,
    );
    return;
  }
  const { text } = decoded;
  if (!(await confirmDiscard(`Importing ${file.name}`))) return;
  const store = useBuilderStore.getState();
  store.open(null);
  store.setText(text);
  clearLastAnswer();
  const parsed = parseJsonText(text);
  notifications.show(
    parsed.ok
      ? { message: `Imported ${file.name}: save it as a draft to keep it by name.` }
      : {
          color: 'orange',
          title: `Imported ${file.name}, which is not valid JSON`,
          message: `Line ${parsed.line}, column ${parsed.column}: ${parsed.message}. Fix it in the raw JSON.`,
        },
  );
}
