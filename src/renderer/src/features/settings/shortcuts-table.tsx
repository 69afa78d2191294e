import { Card, Kbd, Table, Text, Title } from '@mantine/core';
import { appCommandShortcut } from '@shared/app-commands';
import { SHORTCUT_ROWS } from '@shared/shortcut-rows';
import { shortcutLabel } from '@ui/platform';

/** The manual's words (one source), begun as a sentence is in a table of its own. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The keyboard shortcuts, as the menu and browser mode both bind them. */
export function ShortcutsTable() {
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        Keyboard shortcuts
      </Title>
      <Table>
        <Table.Tbody>
          {SHORTCUT_ROWS.map(({ command, does }) => {
            const shortcut = appCommandShortcut(command);
            const label = shortcut === null ? '' : shortcutLabel(shortcut);
            return (
              <Table.Tr key={command}>
                <Table.Td w={160}>
                  <Kbd>{command === 'switch-profile-1' ? label.replace(/1$/, '1…9') : label}</Kbd>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{sentence(does)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
