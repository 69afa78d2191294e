import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { assertLiveAddressConfirmed } from '../../profiles/live-guard';
import { checkEndpoint } from '../../scenarios/check-endpoint';
import type { ScenarioSource } from '../../scenarios/scenario-service';
import { folderStoredResults } from '../../scenarios/folder-stored-results';
import { saveScenarioFile, scenarioTextFromOrder } from '../../scenarios/scenario-files';
import type { EndpointCaseResult } from '../../../shared/scenarios/endpoint-check';
import { noRunHereSentence } from '../../../shared/scenarios/run-number';
import type { HandlerGroup } from './types';

type ScenarioCommand =
  | 'openScenarioFolder'
  | 'startScenarioRun'
  | 'cancelScenarioRun'
  | 'runsUnderWayHere'
  | 'listScenarioRuns'
  | 'getScenarioRun'
  | 'latestScenarioRunOf'
  | 'storedResultsOfFolder'
  | 'scenarioFromOrder'
  | 'saveScenarioFile'
  | 'checkEndpoint';

/** The folder or the paths the contract was given (its schema lets through exactly one). */
function sourceOf({
  folder,
  paths,
}: {
  folder?: string | undefined;
  paths?: string[] | undefined;
}): ScenarioSource {
  return paths === undefined ? { folder: folder ?? '' } : { paths };
}

export function scenarioHandlers(services: ConsoleServices): HandlerGroup<ScenarioCommand> {
  const { scenarios, profiles, bus } = services;
  return {
    openScenarioFolder: (source) => scenarios.open(sourceOf(source)),
    startScenarioRun: ({
      files,
      chosenFrom,
      grep,
      profileId,
      confirmLive,
      liveConfirmation,
      parallel,
      bail,
      ...source
    }) =>
      scenarios.start({
        ...sourceOf(source),
        ...(files === undefined ? {} : { files }),
        ...(chosenFrom === undefined ? {} : { chosenFrom }),
        ...(grep === undefined ? {} : { grep }),
        ...(profileId === undefined ? {} : { profileId }),
        ...(liveConfirmation === undefined ? {} : { liveConfirmation }),
        confirmLive,
        parallel,
        bail,
      }),
    cancelScenarioRun: ({ runId }) => ({ cancelled: scenarios.cancel(runId) }),
    runsUnderWayHere: () => ({ runs: scenarios.runsUnderWayHere() }),
    listScenarioRuns: ({ beforeId, limit }) => {
      // One more than asked tells whether a next page exists.
      const runs = scenarios.runSummaries({ beforeId: beforeId ?? null, limit: limit + 1 });
      return { runs: runs.slice(0, limit), more: runs.length > limit };
    },
    getScenarioRun: ({ id }) => {
      const run = scenarios.storedRun(id);
      // In the words `runs 999` and the Timeline's and History's run= pill say it with.
      if (run === undefined) throw new ConsoleError('not_found', `${noRunHereSentence(id)}.`);
      return run;
    },
    latestScenarioRunOf: ({ paths }) => {
      const run = scenarios.latestEndedRunOf(paths) ?? null;
      return run === null
        ? { run, earlier: [], neverRun: [] }
        : { run, ...scenarios.earlierResultsOf(paths, run) };
    },
    storedResultsOfFolder: ({ folder, files }) => ({ runs: folderStoredResults(scenarios, folder, files) }),
    scenarioFromOrder: ({ orderId }) => scenarioTextFromOrder(services, orderId),
    saveScenarioFile: ({ path, text, overwrite, saveInvalid }) =>
      saveScenarioFile({ path, text, overwrite, saveInvalid, dataDir: services.dataDir }),
    checkEndpoint: ({ url, config, secret, checkId, confirmLive }) => {
      // The contract took it as an http(s) URL without credentials (endpointUrlSchema).
      const target = new URL(url).toString();
      // Eighteen signed requests to a live profile's address need the yes a replay there needs.
      assertLiveAddressConfirmed(url, confirmLive, 'an endpoint check', profiles.snapshot().profiles);
      const onCase =
        checkId === undefined
          ? undefined
          : (result: EndpointCaseResult) => bus.publish('scenarios.endpointCase', { checkId, result });
      const battery = {
        url: target,
        config: config ?? { cases: {} },
        ...(onCase === undefined ? {} : { onCase }),
      };
      if (secret !== undefined)
        return checkEndpoint(services, { ...battery, signer: { source: 'secret', secret }, profile: null });
      const profile = profiles.active();
      if (profiles.secretsOf(profile.id).notificationToken === null)
        throw new ConsoleError(
          'invalid_input',
          `Profile "${profile.fields.name}" has no notification token to sign the battery with; set one in Profiles.`,
        );
      return checkEndpoint(services, {
        ...battery,
        signer: { source: 'profile', profileId: profile.id },
        profile: { id: profile.id, name: profile.fields.name },
      });
    },
  };
}
