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
import { BuilderView } from '@features/builder/view';
import { EmulatorView } from '@features/emulator/view';
import { HistoryView } from '@features/history/view';
import { JwtView } from '@features/jwt/view';
import { ListenerView } from '@features/listener/view';
import { OrdersView } from '@features/orders/view';
import { ReplayView } from '@features/replay/view';
import { ScenariosView } from '@features/scenarios/view';
import { ProfilesView } from '@features/profiles/view';
import { SettingsView } from '@features/settings/view';
import { TimelineView } from '@features/timeline/view';

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
