import { Badge, Tooltip } from '@mantine/core';
import { badgeColors } from '@ui/readable-colors';
import { verdictLook, type VerdictRef } from './verdict-look';

export { verdictLook, type VerdictRef } from './verdict-look';

type VerdictBadgeProps = VerdictRef & { size?: 'xs' | 'sm' | 'md' };

/**
 * A verdict word as a chip, with its meaning on hover. The words are the listener's own
 * (`token_verdict`, `body_verdict`), so the timeline and the inspector show the same thing.
 */
export function VerdictBadge(props: VerdictBadgeProps) {
  const { color, label, meaning, good, findings } = verdictLook(props);
  return (
    <Tooltip label={meaning} multiline w={280} withArrow>
      <Badge
        variant={good ? 'light' : 'filled'}
        style={badgeColors(color, good ? 'light' : 'filled')}
        size={props.size ?? 'sm'}
        tt="none"
        data-testid={`${props.kind}-verdict`}
        data-verdict={props.verdict}
        data-findings={findings ?? undefined}
        styles={{ root: { minWidth: 'max-content', flexShrink: 0 }, label: { overflow: 'visible' } }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
