import { Card, Kbd, Table, Text, Title } from '@mantine/core';
import { appCommandShortcut, type AppCommandId } from '@shared/app-commands';
import { shortcutLabel } from '@ui/platform';

const ROWS: { command: AppCommandId; what: string }[] = [
  { command: 'command-palette', what: 'Command palette: jump to a view, a profile, an action' },
  { command: 'send', what: 'Send (in the request builder)' },
  { command: 'focus-timeline-filter', what: 'Focus the timeline filter' },
  { command: 'switch-profile-1', what: 'Switch to profile 1…9 (in top-bar order)' },
  { command: 'open-settings', what: 'Settings' },
];

/** The keyboard shortcuts, as the menu and browser mode both bind them. */
export function ShortcutsTable() {
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        Keyboard shortcuts
      </Title>
      <Table>
        <Table.Tbody>
          {ROWS.map(({ command, what }) => {
            const shortcut = appCommandShortcut(command);
            const label = shortcut === null ? '' : shortcutLabel(shortcut);
            return (
              <Table.Tr key={command}>
                <Table.Td w={160}>
                  <Kbd>{command === 'switch-profile-1' ? label.replace(/1$/, '1…9') : label}</Kbd>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{what}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
