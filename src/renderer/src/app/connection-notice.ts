import type { ConnectionState } from '@bridge/ws-client';

/** What the browser tab tells about its connection to the console, if anything. */
export type ConnectionNotice = 'fell-behind' | 'closed' | 'refused' | 'caught-up';

/**
 * "Down" and "refused" are told apart because they are recovered differently: a stopped
 * console comes back by itself once `serve` runs again, while a restarted one has forgotten
 * this tab and only a new link helps. `fellBehind` is the store's flag that outlives the
 * reconnection, so the tab can still say it caught up once the socket is open again.
 */
export function connectionNotice(connection: ConnectionState, fellBehind: boolean): ConnectionNotice | null {
  switch (connection.status) {
    case 'closed':
      return connection.fellBehind === true ? 'fell-behind' : 'closed';
    case 'refused':
      return 'refused';
    case 'open':
      return fellBehind ? 'caught-up' : null;
    case 'connecting':
      return null;
  }
}

interface NoticeShape {
  color: 'orange' | 'red' | 'blue';
  icon: 'unplugged' | 'reloaded';
  title: string;
  /** The e2e specs find the banner by this id and tell its states apart by `data-connection`. */
  testId: 'connection-banner' | 'fell-behind-notice';
}

/** The frame of each notice, in one place so the four cannot drift apart in shape. */
export const NOTICE_SHAPES = {
  'fell-behind': { color: 'orange', icon: 'unplugged', title: 'Reconnecting', testId: 'connection-banner' },
  closed: { color: 'orange', icon: 'unplugged', title: 'Disconnected', testId: 'connection-banner' },
  refused: { color: 'red', icon: 'unplugged', title: 'This tab is signed out', testId: 'connection-banner' },
  'caught-up': {
    color: 'blue',
    icon: 'reloaded',
    title: 'This tab fell behind and caught up',
    testId: 'fell-behind-notice',
  },
} as const satisfies Record<ConnectionNotice, NoticeShape>;
