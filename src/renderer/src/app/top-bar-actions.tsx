import { ActionIcon, Button, Group, Kbd, Tooltip, useComputedColorScheme } from '@mantine/core';
import { IconMoon, IconSearch, IconSun } from '@tabler/icons-react';
import { appCommandShortcut } from '@shared/app-commands';
import { toggleColorScheme } from '@ui/color-scheme';
import { usePaletteStore } from './palette/palette-store';
import { shortcutLabel } from '@ui/platform';

/** The command palette's button and the light/dark toggle, readable on the live header too. */
export function TopBarActions({ onLive }: { onLive: boolean }) {
  const openPalette = usePaletteStore((state) => state.open);
  const scheme = useComputedColorScheme('light');
  const paletteShortcut = appCommandShortcut('command-palette');
  const themeLabel = scheme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant={onLive ? 'white' : 'default'}
        color={onLive ? 'red' : undefined}
        leftSection={<IconSearch size={14} />}
        rightSection={
          paletteShortcut === null ? undefined : <Kbd size="xs">{shortcutLabel(paletteShortcut)}</Kbd>
        }
        onClick={openPalette}
      >
        Command palette
      </Button>
      <Tooltip label={themeLabel}>
        <ActionIcon
          size="md"
          variant={onLive ? 'white' : 'default'}
          color={onLive ? 'red' : undefined}
          aria-label={themeLabel}
          data-testid="theme-toggle"
          onClick={() => void toggleColorScheme()}
        >
          {scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
