import { useSyncExternalStore } from 'react';
import { createTodayClock } from './today-clock';

/**
 * The window's today (today-clock.ts): one timer, however many cells listen. It looks at the date
 * again whenever the page is shown or focused: a sleeping machine's timer fires late, or its
 * midnight passes while the page is hidden.
 */
const windowToday = createTodayClock((recheck) => {
  const onReturn = () => {
    if (document.visibilityState !== 'hidden') recheck();
  };
  document.addEventListener('visibilitychange', onReturn);
  window.addEventListener('focus', onReturn);
  return () => {
    document.removeEventListener('visibilitychange', onReturn);
    window.removeEventListener('focus', onReturn);
  };
});

/** Today as a `now` for instant-format.ts's short forms; renders again at local midnight. */
export function useToday(): Date {
  return useSyncExternalStore(windowToday.subscribe, windowToday.today);
}
