import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  BridgeResult,
  CommandInput,
  CommandName,
  CommandOutput,
  PreloadApi,
  PushEvent,
} from '../shared/contract';
import { IPC_EVENT_CHANNEL, ipcChannelFor } from '../shared/ipc-channels';

// Capabilities, not channels: one named function per contract command (Electron's
// context-isolation guide shows a generic invoke(channel) as the thing not to do). The
// `satisfies PreloadApi` below fails the build when a command is missing or mistyped.
function command<K extends CommandName>(name: K) {
  return (input: CommandInput<K>): Promise<BridgeResult<CommandOutput<K>>> =>
    ipcRenderer.invoke(ipcChannelFor(name), input) as Promise<BridgeResult<CommandOutput<K>>>;
}

const api = {
  getAppInfo: command('getAppInfo'),
  listProfiles: command('listProfiles'),
  createProfile: command('createProfile'),
  updateProfile: command('updateProfile'),
  duplicateProfile: command('duplicateProfile'),
  removeProfile: command('removeProfile'),
  activateProfile: command('activateProfile'),
  countProfileNameRecords: command('countProfileNameRecords'),
  prepareCheckout: command('prepareCheckout'),
  sendCheckout: command('sendCheckout'),
  prepareOperation: command('prepareOperation'),
  sendOperation: command('sendOperation'),
  cancelExchange: command('cancelExchange'),
  getPreferences: command('getPreferences'),
  setPreferences: command('setPreferences'),
  chooseKeyringFallback: command('chooseKeyringFallback'),
  openExternal: command('openExternal'),
  getListenerStatus: command('getListenerStatus'),
  restartListener: command('restartListener'),
  getListenerSettings: command('getListenerSettings'),
  updateListenerSettings: command('updateListenerSettings'),
  decodeJwt: command('decodeJwt'),
  verifyJwt: command('verifyJwt'),
  signJwt: command('signJwt'),
  getEventTokens: command('getEventTokens'),
  revealEventToken: command('revealEventToken'),
  listEvents: command('listEvents'),
  listDrafts: command('listDrafts'),
  getDraft: command('getDraft'),
  saveDraft: command('saveDraft'),
  renameDraft: command('renameDraft'),
  duplicateDraft: command('duplicateDraft'),
  deleteDraft: command('deleteDraft'),
  getBuilderState: command('getBuilderState'),
  saveBuilderState: command('saveBuilderState'),
  getWaitingWorkingCopy: command('getWaitingWorkingCopy'),
  discardWaitingWorkingCopy: command('discardWaitingWorkingCopy'),
  getEvent: command('getEvent'),
  revealEvent: command('revealEvent'),
  copyEventToken: command('copyEventToken'),
  planReplay: command('planReplay'),
  exportHistory: command('exportHistory'),
  importHistory: command('importHistory'),
  getRetention: command('getRetention'),
  setRetention: command('setRetention'),
  previewRetention: command('previewRetention'),
  applyRetention: command('applyRetention'),
  startReplay: command('startReplay'),
  cancelReplay: command('cancelReplay'),
  replayRuns: command('replayRuns'),
  getEmulatorStatus: command('getEmulatorStatus'),
  startEmulator: command('startEmulator'),
  stopEmulator: command('stopEmulator'),
  getEmulatorSettings: command('getEmulatorSettings'),
  updateEmulatorSettings: command('updateEmulatorSettings'),
  listEmulatorOrders: command('listEmulatorOrders'),
  listEmulatorDeliveries: command('listEmulatorDeliveries'),
  emulatorCustomerAction: command('emulatorCustomerAction'),
  setEmulatorOrderOptions: command('setEmulatorOrderOptions'),
  listOrders: command('listOrders'),
  getOrderLifecycle: command('getOrderLifecycle'),
  countEvents: command('countEvents'),
  copyAsCurl: command('copyAsCurl'),
  openScenarioFolder: command('openScenarioFolder'),
  startScenarioRun: command('startScenarioRun'),
  cancelScenarioRun: command('cancelScenarioRun'),
  runsUnderWayHere: command('runsUnderWayHere'),
  listScenarioRuns: command('listScenarioRuns'),
  getScenarioRun: command('getScenarioRun'),
  latestScenarioRunOf: command('latestScenarioRunOf'),
  storedResultsOfFolder: command('storedResultsOfFolder'),
  scenarioFromOrder: command('scenarioFromOrder'),
  saveScenarioFile: command('saveScenarioFile'),
  checkEndpoint: command('checkEndpoint'),
  uploadPart: command('uploadPart'),
  runCallFromUpload: command('runCallFromUpload'),
  subscribe(listener: (event: PushEvent) => void): () => void {
    const forward = (_event: IpcRendererEvent, pushed: PushEvent) => listener(pushed);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.off(IPC_EVENT_CHANNEL, forward);
    };
  },
} satisfies PreloadApi;

contextBridge.exposeInMainWorld('checkoutConsole', api);
