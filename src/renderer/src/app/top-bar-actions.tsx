import { ActionIcon, Button, Group, Kbd, Tooltip, useComputedColorScheme } from '@mantine/core';
import { IconMoon, IconSearch, IconSun } from '@tabler/icons-react';
import { appCommandShortcut } from '@shared/app-commands';
import { toggleColorScheme } from '@ui/color-scheme';
import { usePaletteStore } from './palette/palette-store';
import { shortcutLabel } from '@ui/platform';

/**
 * Below this width (a narrow window, or a 1280 px one zoomed to 200 %) the palette's button is
 * its magnifier alone, its name and shortcut in the tooltip, so the profiles keep their room.
 */
const PALETTE_WORDS_FROM = 'sm';

/**
 * The command palette's button and the light/dark toggle, readable on the live header too. They
 * never shrink: the profile row and the title beside them give way instead (app-layout.tsx).
 */
export function TopBarActions({ onLive }: { onLive: boolean }) {
  const openPalette = usePaletteStore((state) => state.open);
  const scheme = useComputedColorScheme('light');
  const paletteShortcut = appCommandShortcut('command-palette');
  const themeLabel = scheme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme';
  return (
    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
      <Tooltip
        label={`Command palette${paletteShortcut === null ? '' : ` · ${shortcutLabel(paletteShortcut)}`}`}
      >
        <ActionIcon
          hiddenFrom={PALETTE_WORDS_FROM}
          size="md"
          variant={onLive ? 'white' : 'default'}
          color={onLive ? 'red' : undefined}
          aria-label="Command palette"
          onClick={openPalette}
        >
          <IconSearch size={16} />
        </ActionIcon>
      </Tooltip>
      <Button
        visibleFrom={PALETTE_WORDS_FROM}
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
