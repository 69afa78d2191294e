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
import type { ComponentType, ReactNode } from 'react';
import { BuilderView } from '@features/builder';
import { EmulatorView } from '@features/emulator';
import { HistoryView } from '@features/history';
import { JwtView } from '@features/jwt';
import { ListenerView } from '@features/listener';
import { OrdersView } from '@features/orders';
import { ReplayView } from '@features/replay';
import { ScenariosView } from '@features/scenarios';
import { ProfilesView } from '@features/profiles';
import { SettingsView } from '@features/settings';
import { TimelineView } from '@features/timeline';

export interface ViewDefinition {
  id: string;
  label: string;
  icon: ReactNode;
  component: ComponentType;
}

/** The navigation, in order. Each feature contributes its view here. */
export const VIEWS: readonly ViewDefinition[] = [
  { id: 'builder', label: 'Builder', icon: <IconHammer size={18} />, component: BuilderView },
  { id: 'profiles', label: 'Profiles', icon: <IconUserCog size={18} />, component: ProfilesView },
  { id: 'timeline', label: 'Timeline', icon: <IconActivity size={18} />, component: TimelineView },
  { id: 'replay', label: 'Replay', icon: <IconRepeat size={18} />, component: ReplayView },
  { id: 'history', label: 'History', icon: <IconHistory size={18} />, component: HistoryView },
  { id: 'orders', label: 'Orders', icon: <IconReceipt size={18} />, component: OrdersView },
  { id: 'scenarios', label: 'Scenarios', icon: <IconListCheck size={18} />, component: ScenariosView },
  { id: 'emulator', label: 'Emulator', icon: <IconServer size={18} />, component: EmulatorView },
  { id: 'listener', label: 'Listener', icon: <IconWebhook size={18} />, component: ListenerView },
  { id: 'jwt', label: 'JWT inspector', icon: <IconKey size={18} />, component: JwtView },
  { id: 'settings', label: 'Settings', icon: <IconSettings size={18} />, component: SettingsView },
];

export const DEFAULT_VIEW = 'builder';
