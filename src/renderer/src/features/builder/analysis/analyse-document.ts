import { validateCheckout } from '@shared/checkout';
import { parseJsonText } from '@shared/json-text';
import { diagnosticsFor } from '../raw-json-lint';
import type { AnalysisRequest, AnalysisResult } from './analysis-messages';

/**
 * More marks than this in the raw editor help nobody and cost time on every change: the
 * findings list still names every finding.
 */
export const MAX_DIAGNOSTICS = 2000;

/**
 * Everything the builder learns from a text, in one pass meant for the analysis worker: whether
 * it parses, the findings of the shared checkout model (the same rules main and the CLI apply),
 * and where each finding sits in the text for the raw editor's marks.
 */
export function analyseDocument(request: AnalysisRequest): AnalysisResult {
  const started = performance.now();
  const parsed = parseJsonText(request.text);
  if (!parsed.ok) {
    const { message, offset, line, column } = parsed;
    return {
      version: request.version,
      parses: false,
      findings: [],
      diagnostics: diagnosticsFor(request.text, { message, offset, line, column }, []),
      elapsedMs: performance.now() - started,
    };
  }
  const findings = validateCheckout(parsed.value, {
    form: request.form,
    singleCheckout: request.singleCheckout,
    notificationField: request.notificationField,
    emptyOptional: request.emptyOptional,
    instalmentsRequired: request.instalmentsRequired,
    honourExpiresInMinutes: request.honourExpiresInMinutes,
    missingCountryCode: request.missingCountryCode,
    ...(request.pairs === null ? {} : { pairs: request.pairs }),
    // The spec shows no request-size limit: the emulator's is the one known, and Findings says
    // a body over it beside the notice before Send rather than "No findings".
    requestLimit: { bytes: request.requestLimitBytes, source: request.requestLimitSource },
    // The text the document came from: a name typed twice only shows there.
    sourceText: request.text,
  });
  return {
    version: request.version,
    parses: true,
    findings,
    diagnostics:
      findings.length === 0 ? [] : diagnosticsFor(request.text, null, findings.slice(0, MAX_DIAGNOSTICS)),
    elapsedMs: performance.now() - started,
  };
}
