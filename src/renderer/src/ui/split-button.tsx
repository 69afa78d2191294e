import { Button, Group, Menu, Tooltip, type ButtonVariant, type MenuProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SplitButtonProps {
  /** What the button itself says and does. */
  label: ReactNode;
  leftSection?: ReactNode;
  onClick: () => void;
  /** The arrow's accessible name: what its menu holds. */
  menuLabel: string;
  /** Said on hovering the arrow, which shows no words of its own. */
  menuTooltip?: string;
  variant: ButtonVariant;
  position?: MenuProps['position'];
  menuWidth?: MenuProps['width'];
  /** The menu's items. */
  children: ReactNode;
}

/**
 * A button with an arrow beside it that opens the menu of its other actions (Sample and the
 * sample per country; Save and the rest of the drafts' actions): one toolbar place for both.
 */
export function SplitButton({
  label,
  leftSection,
  onClick,
  menuLabel,
  menuTooltip,
  variant,
  position = 'bottom-end',
  menuWidth,
  children,
}: SplitButtonProps) {
  const arrow = (
    <Button
      size="xs"
      variant={variant}
      px={6}
      aria-label={menuLabel}
      // Two bordered halves would draw a double line where they meet.
      style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeftWidth: 0 }}
    >
      <IconChevronDown size={14} />
    </Button>
  );
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        size="xs"
        variant={variant}
        leftSection={leftSection}
        onClick={onClick}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {label}
      </Button>
      <Menu position={position} shadow="md" width={menuWidth}>
        <Menu.Target>
          {menuTooltip === undefined ? (
            arrow
          ) : (
            <Tooltip label={menuTooltip} openDelay={300}>
              {arrow}
            </Tooltip>
          )}
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
    </Group>
  );
}
