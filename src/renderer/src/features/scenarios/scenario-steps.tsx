import { Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { formatCount } from '@shared/count-format';
import { useRowVirtualizer } from '@features/timeline';
import type { ScenarioRow } from './scenario-rows';
import { StepResultView } from './step-result-view';

/**
 * Up to this many steps, a scenario's steps are drawn whole, in the page. A file may hold tens
 * of thousands (1 MiB of `wait` steps is 36,571): drawn whole, opening one blocked the page for
 * most of a minute, so a longer list is its own scroll box that draws only the steps in view.
 */
export const STEPS_DRAWN_WHOLE = 200;

const STEP_HEIGHT = 30;
const SCROLLER_HEIGHT = 480;

function StepOf({ row, index }: { row: ScenarioRow; index: number }) {
  const step = row.outline.steps[index];
  if (step === undefined) return null;
  return (
    <StepResultView
      index={index}
      title={step.title}
      line={step.line}
      result={row.steps[index]}
      running={row.runningStep === index}
    />
  );
}

/** The first step that failed or could not run: what an opened long scenario is scrolled to. */
function firstBrokenStep(row: ScenarioRow): number | null {
  const index = row.steps.findIndex((step) => step?.status === 'failed' || step?.status === 'error');
  return index === -1 ? null : index;
}

function DrawnInView({ row }: { row: ScenarioRow }) {
  const count = row.outline.steps.length;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useRowVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => STEP_HEIGHT,
    overscan: 6,
  });
  const broken = firstBrokenStep(row);
  useEffect(() => {
    if (broken !== null) virtualizer.scrollToIndex(broken, { align: 'start' });
  }, [broken, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const opensAt =
    broken === null ? '' : ` (it opens at step ${formatCount(broken + 1)}, the first that did not pass)`;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" data-testid="scenario-steps-in-view">
        {`${formatCount(count)} steps: the list below draws those in view; scroll it to see the others${opensAt}.`}
      </Text>
      <div
        ref={scroller}
        style={{ height: SCROLLER_HEIGHT, overflowY: 'auto', contain: 'strict' }}
        data-testid="scenario-steps-scroller"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          <div
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              transform: `translateY(${items[0]?.start ?? 0}px)`,
            }}
          >
            {items.map((item) => (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ paddingBottom: 8 }}
              >
                <StepOf row={row} index={item.index} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </Stack>
  );
}

/** A scenario's steps, each with its result as it ran (or pending). */
export function ScenarioSteps({ row }: { row: ScenarioRow }) {
  if (row.outline.steps.length > STEPS_DRAWN_WHOLE) return <DrawnInView row={row} />;
  return row.outline.steps.map((_, index) => <StepOf key={index} row={row} index={index} />);
}
