import {
  IconActivity,
  IconHammer,
  IconHistory,
  IconRepeat,
  IconServer,
  IconKey,
  IconListCheck,
  IconReceipt,
  IconSettings,
  IconUserCog,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazyView, type LazyView } from './lazy-view';

// Each view's code arrives when it is first opened (lazy-view.tsx): a start parses one view, not all.
const builderView = lazyView(() => import('@features/builder/view').then((module) => module.BuilderView));
const emulatorView = lazyView(() => import('@features/emulator/view').then((module) => module.EmulatorView));
const historyView = lazyView(() => import('@features/history/view').then((module) => module.HistoryView));
const jwtView = lazyView(() => import('@features/jwt/view').then((module) => module.JwtView));
const listenerView = lazyView(() => import('@features/listener/view').then((module) => module.ListenerView));
const ordersView = lazyView(() => import('@features/orders/view').then((module) => module.OrdersView));
const replayView = lazyView(() => import('@features/replay/view').then((module) => module.ReplayView));
const scenariosView = lazyView(() =>
  import('@features/scenarios/view').then((module) => module.ScenariosView),
);
const profilesView = lazyView(() => import('@features/profiles/view').then((module) => module.ProfilesView));
const settingsView = lazyView(() => import('@features/settings/view').then((module) => module.SettingsView));
const timelineView = lazyView(() => import('@features/timeline/view').then((module) => module.TimelineView));

export interface ViewDefinition {
  id: string;
  label: string;
  icon: ReactNode;
  /** The view, and the fetch of its code (lazy-view.tsx). */
  view: LazyView;
}

/** The navigation, in order. Each feature contributes its view here. */
export const VIEWS: readonly ViewDefinition[] = [
  { id: 'builder', label: 'Builder', icon: <IconHammer size={18} />, view: builderView },
  { id: 'profiles', label: 'Profiles', icon: <IconUserCog size={18} />, view: profilesView },
  { id: 'timeline', label: 'Timeline', icon: <IconActivity size={18} />, view: timelineView },
  { id: 'replay', label: 'Replay', icon: <IconRepeat size={18} />, view: replayView },
  { id: 'history', label: 'History', icon: <IconHistory size={18} />, view: historyView },
  { id: 'orders', label: 'Orders', icon: <IconReceipt size={18} />, view: ordersView },
  { id: 'scenarios', label: 'Scenarios', icon: <IconListCheck size={18} />, view: scenariosView },
  { id: 'emulator', label: 'Emulator', icon: <IconServer size={18} />, view: emulatorView },
  { id: 'listener', label: 'Listener', icon: <IconWebhook size={18} />, view: listenerView },
  { id: 'jwt', label: 'JWT inspector', icon: <IconKey size={18} />, view: jwtView },
  { id: 'settings', label: 'Settings', icon: <IconSettings size={18} />, view: settingsView },
];

export const DEFAULT_VIEW = 'builder';

/** The view with this id, or the default one (an address naming no view opens the Builder). */
export function viewOrDefault(id: string): ViewDefinition {
  const found = VIEWS.find((candidate) => candidate.id === id);
  if (found !== undefined) return found;
  const fallback = VIEWS.find((candidate) => candidate.id === DEFAULT_VIEW);
  if (fallback === undefined) throw new Error(`No view is the default view ${DEFAULT_VIEW}`);
  return fallback;
}
