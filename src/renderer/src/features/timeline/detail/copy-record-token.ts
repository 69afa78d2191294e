import { notifications } from '@mantine/notifications';
import { timelineRecords } from '../timeline-records-store';
import { errorMessage } from '@bridge/bridge-error';

/**
 * Copy without Reveal: a notification token comes from main on this explicit click and goes
 * straight to the clipboard (never onto the screen); an outbound request's API token is copied
 * by the desktop app's main process, and refused to a browser tab with the CLI to use instead.
 */
export async function copyRecordToken(id: number, place?: 'header' | 'query'): Promise<boolean> {
  try {
    const copy = await timelineRecords.copyToken(place === undefined ? { id } : { id, place });
    if (copy.token !== null) await navigator.clipboard.writeText(copy.token);
    notifications.show({ message: 'Token copied to the clipboard.' });
    return true;
  } catch (error) {
    notifications.show({ color: 'red', title: 'Not copied', message: errorMessage(error) });
    return false;
  }
}
