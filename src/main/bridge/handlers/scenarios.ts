import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { checkEndpoint } from '../../scenarios/check-endpoint';
import { saveScenarioFile, scenarioTextFromOrder } from '../../scenarios/scenario-files';
import type { EndpointCaseResult } from '../../../shared/scenarios/endpoint-check';
import type { HandlerGroup } from './types';

type ScenarioCommand =
  | 'openScenarioFolder'
  | 'startScenarioRun'
  | 'cancelScenarioRun'
  | 'scenarioFromOrder'
  | 'saveScenarioFile'
  | 'checkEndpoint';

function httpUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // Said below.
  }
  throw ConsoleError.invalid('url', 'Enter an http:// or https:// URL');
}

export function scenarioHandlers(services: ConsoleServices): HandlerGroup<ScenarioCommand> {
  const { scenarios, profiles, bus } = services;
  return {
    openScenarioFolder: ({ folder }) => scenarios.open(folder),
    startScenarioRun: ({ folder, files, grep, confirmLive }) =>
      scenarios.start({
        folder,
        ...(files === undefined ? {} : { files }),
        ...(grep === undefined ? {} : { grep }),
        confirmLive,
      }),
    cancelScenarioRun: ({ runId }) => ({ cancelled: scenarios.cancel(runId) }),
    scenarioFromOrder: ({ orderId }) => scenarioTextFromOrder(services, orderId),
    saveScenarioFile: ({ path, text, overwrite }) => ({ path: saveScenarioFile(path, text, overwrite) }),
    checkEndpoint: ({ url, config, secret, checkId }) => {
      const target = httpUrl(url);
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
