import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconCopy,
  IconDeviceFloppy,
  IconDownload,
  IconFile,
  IconFolderOpen,
  IconPencil,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useFileDialog } from '@mantine/hooks';
import { useState } from 'react';
import { SplitButton } from '@ui/split-button';
import { useShallow } from 'zustand/react/shallow';
import { TableHeader } from '@ui/table-header';
import { selectDirty, useBuilderStore } from './builder-store';
import {
  deleteDraft,
  duplicateDraft,
  newDocument,
  openDraft,
  renameDraft,
  saveDraft,
  saveDraftAs,
} from './drafts-actions';
import { documentTitle } from './document-title';
import { useDraftsList } from './drafts-list';
import { exportPayload, importPayload } from './payload-files';
import { formatDateTime } from '@ui/instant-format';

/** The draft in the builder (name, unsaved mark) and everything done with drafts and files. */
export function DraftsMenu() {
  const { saved, draftUnread, dirty } = useBuilderStore(
    useShallow((state) => ({
      saved: state.saved,
      draftUnread: state.draftUnread,
      dirty: selectDirty(state),
    })),
  );
  const title = documentTitle({ saved, draftUnread });
  const [browsing, setBrowsing] = useState(false);
  // The file input is the page's, not the menu's: a FileButton's input lived in the menu, which
  // closes on the item's click, so a file chosen once the menu had gone (as soon as a person
  // takes a moment in the file dialog) reached no one, and nothing was imported or said.
  const importDialog = useFileDialog({
    multiple: false,
    accept: 'application/json,.json',
    onChange: (files) => {
      const file = files?.[0];
      if (file !== undefined) void importPayload(file);
    },
  });
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        size="sm"
        fw={600}
        truncate
        maw={220}
        c={title.failed ? 'red' : undefined}
        title={title.text}
        data-testid="draft-name"
      >
        {title.text}
      </Text>
      {saved !== null && dirty && (
        <Badge size="xs" color="orange" variant="light" data-testid="draft-unsaved">
          edited
        </Badge>
      )}
      {/* Save and, on its arrow, the rest of the drafts' actions: one split button, as Sample's,
          so the education form's toolbar fits one line at 1280 px (it wrapped). */}
      <SplitButton
        label="Save"
        leftSection={<IconDeviceFloppy size={14} />}
        onClick={() => void saveDraft()}
        menuLabel="Drafts"
        menuTooltip="Drafts: open, new, save as, import, export"
        variant="default"
        position="bottom-start"
        menuWidth={220}
      >
        <Menu.Item leftSection={<IconFile size={14} />} onClick={() => void newDocument()}>
          New document
        </Menu.Item>
        <Menu.Item leftSection={<IconFolderOpen size={14} />} onClick={() => setBrowsing(true)}>
          Open draft…
        </Menu.Item>
        <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={() => void saveDraftAs()}>
          Save as…
        </Menu.Item>
        {saved !== null && (
          <>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              onClick={() => void renameDraft(saved.id, saved.name)}
            >
              Rename…
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void duplicateDraft(saved.id)}>
              Duplicate
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void deleteDraft(saved.id, saved.name)}
            >
              Delete
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconUpload size={14} />} onClick={importDialog.open}>
          Import JSON file…
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={14} />} onClick={exportPayload}>
          Export JSON file
        </Menu.Item>
      </SplitButton>
      <DraftsBrowser opened={browsing} onClose={() => setBrowsing(false)} />
    </Group>
  );
}

/** Every saved draft: open, rename, duplicate, delete; filtered by name as you type. */
function DraftsBrowser({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { drafts, error } = useDraftsList(opened);
  const current = useBuilderStore((state) => state.saved?.id ?? null);
  const [query, setQuery] = useState('');
  const shown = drafts.filter((draft) => draft.name.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <Modal opened={opened} onClose={onClose} title="Drafts" size="lg">
      <Stack gap="sm">
        <TextInput
          placeholder="Filter by name"
          aria-label="Filter drafts"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        {error !== null ? (
          <Text size="sm" c="red" data-testid="drafts-error">
            {error}
          </Text>
        ) : drafts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No drafts yet. Save the builder's document to keep it by name.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Table highlightOnHover fz="sm" aria-label="Saved drafts">
              <TableHeader columns={['Name', 'Form', 'Updated', { w: 150 }]} />
              <Table.Tbody>
                {shown.map((draft) => (
                  <Table.Tr key={draft.id}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => {
                          onClose();
                          void openDraft(draft.id);
                        }}
                      >
                        {draft.name}
                      </Button>
                      {draft.id === current && (
                        <Badge size="xs" ml={4} variant="light">
                          open
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{draft.form}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(draft.updatedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Rename ${draft.name}`}
                          onClick={() => void renameDraft(draft.id, draft.name)}
                        >
                          <IconPencil size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Duplicate ${draft.name}`}
                          onClick={() => void duplicateDraft(draft.id)}
                        >
                          <IconCopy size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${draft.name}`}
                          onClick={() => void deleteDraft(draft.id, draft.name)}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
