import { Anchor, Button, Checkbox, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { formatBytesShort, formatCharacters } from '@shared/byte-size';
import { HISTORY_IMPORT_MAX_CHARS } from '@shared/contract/history';
import { formatCount } from '@shared/count-format';
import type { EventFilter } from '@shared/event-filter';
import { describeExportResult, describeImportResult, type ExportFormat } from '@shared/history-file';
import { ChoiceControl, type Choice } from '@ui/choice-control';
import { errorMessage } from '@bridge/bridge-error';
import { useHistoryStore } from './history-store';
import { useConsoleCommand } from '@ui/use-console-command';
import { downloadFile } from '@ui/download-file';
import { DamagedRecordsAlert } from '@ui/damaged-records-alert';

const FORMAT_CHOICES: readonly Choice<ExportFormat>[] = [
  { value: 'har', label: 'HAR 1.2' },
  { value: 'json', label: 'JSON' },
  { value: 'ndjson', label: 'NDJSON' },
];

/** Export what the filter matches (HAR, JSON, NDJSON), and import a file back. */
export function HistoryExport({
  filter,
  count,
  counting = false,
  onChanged,
  refused = false,
}: {
  filter: EventFilter;
  count: number | null;
  /** The count of this filter is still to come: the button would otherwise offer another filter's. */
  counting?: boolean;
  onChanged: () => void;
  /** The filter names what is not there (a run this data directory does not hold): nothing to export. */
  refused?: boolean;
}) {
  const [format, setFormat] = useState<ExportFormat>('har');
  const [includeTokens, setIncludeTokens] = useState(false);
  const [busy, setBusy] = useState(false);
  const consoleCommand = useConsoleCommand();
  // Cleared after each import, so the same file can be chosen again.
  const resetFile = useRef<() => void>(null);
  // What the last import did: teal when records came in, dimmed when none did (or while one
  // runs), red when refused.
  const [importResult, setImportResult] = useState<{
    tone: 'teal' | 'dimmed' | 'red';
    message: string;
    /** Whether records were added (then the timeline's links to either side are offered). */
    imported?: boolean;
  } | null>(null);

  // The damaged records the last export kept (as `export` names them on standard error): they
  // stay on screen until the next export, where a notification would go before they are read.
  const [exportDamaged, setExportDamaged] = useState<{ words: string; records: string[] } | null>(null);

  const exportNow = async () => {
    setBusy(true);
    setExportDamaged(null);
    try {
      const result = await useHistoryStore.getState().exportMatching({ format, filter, includeTokens });
      downloadFile(result.blob, result.fileName);
      const words = describeExportResult(result);
      if (result.damaged.length > 0) setExportDamaged({ words, records: result.damaged });
      notifications.show({ color: result.damaged.length > 0 ? 'orange' : undefined, message: words });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const importFile = async (file: File) => {
    // A file's bytes are at least its characters: past the limit in bytes, it cannot fit.
    if (file.size > HISTORY_IMPORT_MAX_CHARS) {
      setImportResult({
        tone: 'red',
        message: `${file.name} is ${formatBytesShort(file.size)}; the console imports files of up to ${formatCharacters(HISTORY_IMPORT_MAX_CHARS)} here. For a larger one use "${consoleCommand('import <file>')}".`,
      });
      resetFile.current?.();
      return;
    }
    setBusy(true);
    // The last import's result is not this file's: shown under this one's spinners, it read as
    // its answer for as long as the file took (the search's "Counting…" keeps the same promise).
    setImportResult({ tone: 'dimmed', message: `Importing ${file.name}…` });
    try {
      const result = await useHistoryStore.getState().importFile(file);
      onChanged();
      setImportResult({
        tone: result.imported > 0 ? 'teal' : 'dimmed',
        message: describeImportResult(result, file.name),
        imported: result.imported > 0,
      });
    } catch (error) {
      // An import that stopped may leave records it could not remove (the message says how many).
      onChanged();
      setImportResult({ tone: 'red', message: `${file.name}: ${errorMessage(error)}` });
    } finally {
      resetFile.current?.();
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={5}>Export and import</Title>
        <Group gap="sm" align="center">
          <ChoiceControl
            aria-label="Export format"
            data={FORMAT_CHOICES}
            value={format}
            onChange={setFormat}
          />
          <Checkbox
            label="Include tokens (the ones webhooks arrived with; profile tokens never)"
            checked={includeTokens}
            onChange={(event) => setIncludeTokens(event.currentTarget.checked)}
          />
        </Group>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} />}
            loading={busy}
            onClick={() => void exportNow()}
            disabled={count === 0 || counting || refused}
          >
            Export {count === null ? '' : `${formatCount(count)} `}
            {count === 1 ? 'record' : 'records'}
          </Button>
          <FileButton
            resetRef={resetFile}
            onChange={(file) => file !== null && void importFile(file)}
            accept=".json,.ndjson,.har,application/json"
          >
            {(props) => (
              <Button variant="default" leftSection={<IconUpload size={16} />} loading={busy} {...props}>
                Import a file…
              </Button>
            )}
          </FileButton>
        </Group>
        {exportDamaged !== null && (
          <DamagedRecordsAlert
            sentences={exportDamaged.records}
            lead={exportDamaged.words}
            testId="export-damaged"
            onClose={() => setExportDamaged(null)}
          />
        )}
        {importResult !== null && (
          <Text size="sm" c={importResult.tone} data-testid="import-result">
            {importResult.message}
          </Text>
        )}
        {importResult?.imported === true && (
          // Imported records keep their own times but are stored now: the timeline's first pages
          // are theirs (docs/timeline.md), so each side can be looked at alone.
          <Text size="sm" c="dimmed" data-testid="import-timeline-links">
            They keep their own times. On the timeline:{' '}
            <Anchor size="sm" href="#/timeline?imported=1">
              imported only
            </Anchor>{' '}
            ·{' '}
            <Anchor size="sm" href="#/timeline?imported=0">
              not imported
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
