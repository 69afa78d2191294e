import { Group, Kbd, Loader, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@bridge/bridge-error';
import { shortcutLabel } from '@ui/platform';
import './builtin-sources';
import './feature-sources';
import classes from './command-palette.module.css';
import { mergePaletteResults, type PaletteGroup, type PaletteItem } from '@ui/palette/palette-search';
import { paletteSources, searchPaletteSources } from '@ui/palette/palette-sources';
import { usePaletteStore } from './palette-store';

const SEARCH_DELAY_MS = 150;

function run(item: PaletteItem): void {
  Promise.resolve()
    .then(() => item.run())
    .catch((error: unknown) =>
      notifications.show({ color: 'red', title: `${item.label} failed`, message: errorMessage(error) }),
    );
}

/** Asks every palette source for `query`, keeping the latest answers. */
function usePaletteResults(query: string): PaletteGroup[] {
  const [groups, setGroups] = useState<PaletteGroup[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    searchPaletteSources(paletteSources(), query, {
      signal: controller.signal,
      searchDelayMs: SEARCH_DELAY_MS,
      onResults: (results) => setGroups(mergePaletteResults(results, query.trim() === '' ? 6 : 10)),
    });
    return () => controller.abort();
  }, [query]);
  return groups;
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const [query, setQuery] = useState('');
  const groups = usePaletteResults(query);
  const searching = groups.some((group) => group.state === 'loading');
  // Results arrive source by source. Until the user moves with the keys, Enter means the first
  // result as shown now, not the one that happened to arrive first (which later ones push down).
  // With nothing typed, nothing is chosen: Enter on the palette just opened ran its first entry,
  // Send in the builder (a checkout created) and the theme switch elsewhere.
  const first = query.trim() === '' ? '' : (groups.flatMap((group) => group.items)[0]?.id ?? '');
  const [choice, setChoice] = useState<{ query: string; id: string } | null>(null);
  const [movedIn, setMovedIn] = useState<string | null>(null);
  const selected = movedIn === query && choice?.query === query ? choice.id : first;
  // cmdk keeps the value it picks (its first result on each search) before asking us, and reads
  // ours again only when it changes; it trims it, so a trailing space given after a pick we do
  // not take makes it read ours again (else the empty query showed its first entry chosen).
  const [reassert, setReassert] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Focused in the turn of the Ctrl+K that opened it, so the key typed next is the query's
    // (Mantine's focus trap focuses it a task later, after the keys typed meanwhile went to the
    // field the palette was opened over). After this commit's effects, though: among them the
    // modal notes what has the focus, to give it back on close, and must not note this input.
    queueMicrotask(() => input.current?.focus());
  }, []);

  return (
    <Command
      label="Command palette"
      shouldFilter={false}
      loop
      vimBindings={false}
      value={reassert ? `${selected} ` : selected}
      onValueChange={(id) => {
        setChoice({ query, id });
        if (id !== selected) setReassert((flag) => !flag);
      }}
      onKeyDown={(event) => {
        if (['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(event.key))
          setMovedIn(query);
      }}
    >
      <Command.Input
        className={classes.input}
        value={query}
        onValueChange={setQuery}
        placeholder="Jump to a view, a profile, an action…"
        ref={input}
        data-autofocus
      />
      <Command.List className={classes.list} label="Results">
        {!searching && <Command.Empty className={classes.empty}>Nothing matches “{query}”.</Command.Empty>}
        {groups.map((group) => (
          <Command.Group key={group.sourceId} heading={group.heading}>
            {group.items.map((item) => (
              <Command.Item
                key={item.id}
                value={item.id}
                className={classes.item}
                onSelect={() => {
                  onDone();
                  run(item);
                }}
              >
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {item.label}
                  </Text>
                  {item.description !== undefined && (
                    <Text size="xs" c="dimmed" truncate>
                      {item.description}
                    </Text>
                  )}
                </div>
                {item.shortcut !== undefined && <Kbd size="xs">{shortcutLabel(item.shortcut)}</Kbd>}
              </Command.Item>
            ))}
            {group.state === 'loading' && (
              <Command.Loading>
                <Group gap="xs" px="sm" py={4}>
                  <Loader size="xs" />
                  <Text size="xs" c="dimmed">
                    Searching {group.heading.toLowerCase()}…
                  </Text>
                </Group>
              </Command.Loading>
            )}
            {group.state === 'error' && (
              <Text size="xs" c="red" px="sm" py={4} role="status">
                Could not search {group.heading.toLowerCase()}: {group.error}
              </Text>
            )}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  );
}

/**
 * The command palette (cmdk inside a Mantine modal: a labelled dialog with the combobox and
 * listbox semantics cmdk provides, fully usable from the keyboard). What it offers comes from
 * the palette sources (palette-sources.ts).
 */
export function CommandPalette() {
  const opened = usePaletteStore((state) => state.opened);
  const close = usePaletteStore((state) => state.close);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Command palette"
      size="lg"
      yOffset="12vh"
      padding={0}
      // Mounted at once, not by Mantine's transition: that mounts the dialog on the next frame and
      // focuses it a task later, and the keys typed meanwhile (Ctrl+K, then the query at once) went
      // to what had the focus, a builder field, leaving an empty query over the actions. The look
      // of the transition is a CSS animation (command-palette.module.css).
      transitionProps={{ duration: 0 }}
      classNames={{ content: classes.dialog, overlay: classes.overlay }}
      styles={{ header: { padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)', minHeight: 0 } }}
    >
      {opened && <PaletteBody onDone={close} />}
    </Modal>
  );
}
