import { Button, Group, Menu, Stack, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown } from '@tabler/icons-react';
import type { OrderLifecycle } from '@shared/orders/order-lifecycle';
import { noStateActionsNote } from '@shared/orders/order-known-from';
import {
  operationBlockedByAmounts,
  operationBlockedReason,
  stateByDefaultWords,
} from '@shared/orders/operation-availability';
import type { OperationName } from '@shared/profile';
import { operationRequest, type OperationRequest } from './operation-request';
import { ACTION_ORDER, OPERATION_LABEL } from '@ui/order-format';
import { InfoNotice } from '@ui/info-notice';

/** Why an operation is not offered in the order's state, or null when it is. */
export function disabledReason(operation: OperationName, lifecycle: OrderLifecycle): string | null {
  const reason =
    operationBlockedReason(operation, lifecycle.state) ??
    operationBlockedByAmounts(operation, lifecycle.facts);
  const byDefault = stateByDefaultWords(lifecycle, lifecycle.facts.totalUnknown);
  // Blocked by a default, not by evidence: said, so "Send anyway" reads as the way to go on.
  return reason === null || byDefault === null
    ? reason
    : `${reason} It is ${byDefault.short}: full by the documented default, not evidence.`;
}

/**
 * One button per follow-up operation, enabled by the order's known state (the same table the
 * emulator enforces). A disabled one says why; the menu sends any of them anyway, because
 * testing wrong-state calls is part of the job. With no state every one is offered; an order no
 * record of this console's own speaks of (imported, or the console's sends) says so in view,
 * not only on hover: its buttons are not offered on evidence.
 */
export function OrderActions({
  lifecycle,
  onOpen,
}: {
  lifecycle: OrderLifecycle;
  onOpen: (request: OperationRequest) => void;
}) {
  const blocked = ACTION_ORDER.filter((operation) => disabledReason(operation, lifecycle) !== null);
  const unknown = noStateActionsNote('service', null);
  const withoutEvidence = lifecycle.state === null && lifecycle.knownFrom !== 'service';
  return (
    <Stack gap="xs">
      {withoutEvidence && (
        <InfoNotice data-testid="order-actions-note">
          {noStateActionsNote(lifecycle.knownFrom, lifecycle.facts.profileName)}
        </InfoNotice>
      )}
      <Group gap="xs" data-testid="order-actions">
        {ACTION_ORDER.map((operation) => {
          const reason = disabledReason(operation, lifecycle);
          const hint = reason ?? (lifecycle.state === null ? unknown : null);
          return (
            <Tooltip key={operation} label={hint} disabled={hint === null} multiline w={260} withArrow>
              <Button
                size="xs"
                variant={reason === null ? 'light' : 'default'}
                data-disabled={reason === null ? undefined : true}
                aria-disabled={reason === null ? undefined : true}
                onClick={(event) => {
                  if (reason !== null) {
                    event.preventDefault();
                    return;
                  }
                  onOpen(operationRequest(operation, lifecycle, null));
                }}
              >
                {OPERATION_LABEL[operation]}
              </Button>
            </Tooltip>
          );
        })}
        {blocked.length > 0 && (
          <Menu position="bottom-end" withArrow>
            <Menu.Target>
              <Button size="xs" variant="subtle" color="orange" rightSection={<IconChevronDown size={14} />}>
                Send anyway (out of order)
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Not allowed in this state; send on purpose</Menu.Label>
              {blocked.map((operation) => (
                <Menu.Item
                  key={operation}
                  leftSection={<IconAlertTriangle size={14} />}
                  onClick={() =>
                    onOpen(operationRequest(operation, lifecycle, disabledReason(operation, lifecycle)))
                  }
                >
                  {OPERATION_LABEL[operation]} anyway
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Stack>
  );
}
