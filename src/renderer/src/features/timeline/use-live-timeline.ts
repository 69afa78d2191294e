import { useEffect, useRef } from 'react';
import { useResumed } from '@ui/app-store';
import { useProfilesStore } from '@features/profiles';
import { timelineRecords } from './timeline-records-store';
import { eventFilterSchema, type EventFilter } from '@shared/event-filter';
import { createPushBatcher, type FrameScheduler } from './push-batcher';
import type { PushedRecord } from './timeline-controller';
import { timelineActions, timelineController } from './timeline-store';

/**
 * The next animation frame, or a timer when frames do not come (a hidden tab runs none; the
 * records should be in place when it is shown again).
 */
function animationFrameScheduler(fallbackMs = 250): FrameScheduler {
  return (run) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      run();
    };
    const frame = requestAnimationFrame(once);
    const timer = window.setTimeout(once, fallbackMs);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  };
}

/**
 * While the timeline is on screen: shows `filter`, and feeds every pushed record to the
 * controller, one batch per frame. When the view comes back, the filter is loaded afresh
 * (what arrived in between is in the database, so the first page has it), and so is a profile
 * filter's when the profile's name changes.
 */
export function useLiveTimeline(filter: EventFilter): void {
  const filterKey = JSON.stringify(filter);
  const shown = useRef(false);
  const resumed = useResumed();
  const resumedShown = useRef(resumed);
  useEffect(() => {
    // Keyed by its JSON so a new object with the same filter (every render) loads nothing; a
    // resumed connection missed pushes, like a view shown again.
    const fresh = !shown.current || resumedShown.current !== resumed;
    timelineActions.showFilter(eventFilterSchema.parse(JSON.parse(filterKey)), fresh);
    shown.current = true;
    resumedShown.current = resumed;
  }, [filterKey, resumed]);

  useEffect(() => {
    const batcher = createPushBatcher<PushedRecord>(animationFrameScheduler(), (batch) => {
      void timelineController.receive(batch);
    });
    const unsubscribe = timelineRecords.onPush((event) => {
      if (event.name === 'timeline.appended') batcher.push({ type: 'appended', summary: event.payload });
      if (event.name === 'timeline.updated') batcher.push({ type: 'updated', summary: event.payload });
    });
    // A renamed profile is the filtered one's records by another name (a reload would show them).
    const unsubscribeProfiles = useProfilesStore.subscribe((profiles, previous) => {
      if (profiles.profiles !== previous.profiles) void timelineActions.profileNamesChanged();
    });
    return () => {
      unsubscribe();
      unsubscribeProfiles();
      batcher.dispose();
    };
  }, []);
}
