import type { CommandName } from '../../shared/contract';
import type { TransferCommandName } from '../../shared/contract/transfer';
import type { ConsoleServices } from '../console-services';
import { appHandlers } from './handlers/app';
import { merchantApiHandlers } from './handlers/merchant-api';
import { desktopHandlers } from './handlers/desktop';
import { draftHandlers } from './handlers/drafts';
import { emulatorHandlers } from './handlers/emulator';
import { replayHandlers } from './handlers/replay';
import { scenarioHandlers } from './handlers/scenarios';
import { historyHandlers } from './handlers/history';
import { preferenceHandlers } from './handlers/preferences';
import { jwtHandlers } from './handlers/jwt';
import { listenerHandlers } from './handlers/listener';
import { orderHandlers } from './handlers/orders';
import { profileHandlers } from './handlers/profiles';
import { timelineHandlers } from './handlers/timeline';
import type { HandlerGroup } from './handlers/types';

export type { CallContext, Handler } from './handlers/types';
/** Every command but the transfer ones, which the dispatcher serves itself (bridge/transfer-calls.ts). */
export type HandledCommandName = Exclude<CommandName, TransferCommandName>;
export type Handlers = HandlerGroup<HandledCommandName>;

/** Every command of the contract, implemented. A missing one is a type error here. */
export function createHandlers(services: ConsoleServices): Handlers {
  return {
    ...appHandlers(services),
    ...profileHandlers(services),
    ...merchantApiHandlers(services),
    ...preferenceHandlers(services),
    ...desktopHandlers(services),
    ...listenerHandlers(services),
    ...jwtHandlers(services),
    ...timelineHandlers(services),
    ...orderHandlers(services),
    ...draftHandlers(services),
    ...emulatorHandlers(services),
    ...replayHandlers(services),
    ...historyHandlers(services),
    ...scenarioHandlers(services),
  } satisfies Handlers;
}
