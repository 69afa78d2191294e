import type { Finding } from '@shared/checkout';
import { analyseDocument } from './analysis/analyse-document';
import { createDocumentAnalyser } from './analysis/analysis-client';
import type { AnalysisResult } from './analysis/analysis-messages';
import { keepIdentities, sameFindings } from './finding-identity';
import { useBuilderStore, type BuilderStore } from './builder-store';

/**
 * Keeps the builder's findings and raw-editor marks current: every new text (or form, option,
 * notification field or empty-value choice) is analysed in the worker, and only the answer to
 * the newest request is applied. While the text does not parse, the findings of the last text that did stay shown
 * (marked as such by the panel) and only the mark of the break changes.
 */
let requestId = 0;
let latest = 0;

/** Findings by path; a path whose findings did not change keeps its array, so its field does not re-render. */
function byPath(
  findings: readonly Finding[],
  previous: ReadonlyMap<string, readonly Finding[]>,
): Map<string, readonly Finding[]> {
  const grouped = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = grouped.get(finding.path);
    if (list === undefined) grouped.set(finding.path, [finding]);
    else list.push(finding);
  }
  const result = new Map<string, readonly Finding[]>();
  for (const [path, list] of grouped) {
    const before = previous.get(path);
    result.set(path, before !== undefined && sameFindings(before, list) ? before : list);
  }
  return result;
}

function apply(result: AnalysisResult): void {
  if (result.version !== latest) return;
  const state = useBuilderStore.getState();
  if (!result.parses) {
    useBuilderStore.setState({ diagnostics: result.diagnostics, analysing: false });
    return;
  }
  // Typing inside a value seldom changes the findings: the same ones keep their identity, so
  // nothing that shows them renders again.
  if (sameFindings(state.findings, result.findings)) {
    useBuilderStore.setState({ diagnostics: result.diagnostics, analysing: false });
    return;
  }
  const findings = keepIdentities(state.findings, result.findings);
  useBuilderStore.setState({
    findings,
    findingsByPath: byPath(findings, state.findingsByPath),
    diagnostics: result.diagnostics,
    analysing: false,
  });
}

const analyser = createDocumentAnalyser(apply);

/**
 * Texts up to this size are analysed on the page, in the same update as the keystroke: a few
 * milliseconds (1.6 ms for the 4.5 KB sample), and the findings arrive in the same frame as the
 * typed character instead of a worker round trip and a second render and paint later. Larger
 * texts go to the worker, where hundreds of milliseconds do not block typing.
 */
export const IN_PAGE_ANALYSIS_CHARS = 32_000;

function request(state: BuilderStore): void {
  requestId += 1;
  latest = requestId;
  const analysis = {
    version: requestId,
    text: state.text,
    form: state.form,
    singleCheckout: state.singleCheckout,
    notificationField: state.notificationField,
    emptyOptional: state.emptyOptional,
    instalmentsRequired: state.instalmentsRequired,
    honourExpiresInMinutes: state.honourExpiresInMinutes,
    missingCountryCode: state.missingCountryCode,
    pairs: state.pairs === null ? null : [...state.pairs],
    requestLimitSource: state.requestLimitSource,
    requestLimitBytes: state.requestLimitBytes,
  };
  if (state.text.length <= IN_PAGE_ANALYSIS_CHARS) {
    apply(analyseDocument(analysis));
    return;
  }
  if (!state.analysing) useBuilderStore.setState({ analysing: true });
  analyser.analyse(analysis);
}

useBuilderStore.subscribe((state, previous) => {
  if (!state.loaded) return;
  if (
    state.loaded === previous.loaded &&
    state.textVersion === previous.textVersion &&
    state.form === previous.form &&
    state.singleCheckout === previous.singleCheckout &&
    state.notificationField === previous.notificationField &&
    state.emptyOptional === previous.emptyOptional &&
    state.instalmentsRequired === previous.instalmentsRequired &&
    state.honourExpiresInMinutes === previous.honourExpiresInMinutes &&
    state.missingCountryCode === previous.missingCountryCode &&
    state.pairs === previous.pairs &&
    state.requestLimitSource === previous.requestLimitSource &&
    state.requestLimitBytes === previous.requestLimitBytes
  )
    return;
  request(state);
});

/** Resolves once the findings belong to the text as it is now (at once when they already do). */
export function whenAnalysed(): Promise<void> {
  if (!useBuilderStore.getState().analysing) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useBuilderStore.subscribe((state) => {
      if (state.analysing) return;
      stop();
      resolve();
    });
  });
}
