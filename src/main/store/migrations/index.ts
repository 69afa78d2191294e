import profiles from './001-profiles';
import events from './002-events';
import eventsSearch from './003-events-search';
import drafts from './004-drafts';
import emulator from './005-emulator';
import orders from './006-orders';
import scenarioRuns from './007-scenario-runs';
import outboxLease from './008-outbox-lease';
import emulatorTransactions from './009-emulator-transactions';
import profileOperationDefaults from './010-profile-operation-defaults';
import provenance from './011-provenance';
import deferredSearch from './012-deferred-search';
import unusedIndexes from './013-unused-indexes';
import deferredOrderMarks from './014-deferred-order-marks';
import cheaperDeleteMarks from './015-cheaper-delete-marks';
import craftedTokens from './016-crafted-tokens';
import outboxUnsent from './017-outbox-unsent';
import scenarioRunAlive from './018-scenario-run-alive';
import ordersKnownFrom from './019-orders-known-from';
import scenarioRunSource from './020-scenario-run-source';
import searchIndexSecrets from './021-search-index-secrets';
import searchIndexByMeaning from './022-search-index-by-meaning';
import searchIndexSpelledSecrets from './023-search-index-spelled-secrets';
import searchIndexCutSecretsAndUrlCredentials from './024-search-index-cut-secrets-and-url-credentials';
import outboxHeldForNext from './025-outbox-held-for-next';
import searchIndexTailedMasks from './026-search-index-tailed-masks';
import outboxRunOwned from './027-outbox-run-owned';
import outboxOlderRunsGivenUp from './028-outbox-older-runs-given-up';
import ordersSentFor from './029-orders-sent-for';
import ordersDerivedAgain from './030-orders-derived-again';
import ordersFirstNamed from './031-orders-first-named';
import ordersDuplicateKeysReadAlike from './032-orders-duplicate-keys-read-alike';
import ordersReferenceFromNotifications from './033-orders-reference-from-notifications';
import eventsByProfileName from './034-events-by-profile-name';
import eventsRemovedCount from './035-events-removed-count';
import ordersDatedByEvidence from './036-orders-dated-by-evidence';
import ordersFirstSeen from './037-orders-first-seen';
import eventsSummaryColumns from './038-events-summary-columns';
import eventsByScenarioRun from './039-events-by-scenario-run';
import eventsUnanswered from './040-events-unanswered';
import ordersKnownFromDeliveries from './041-orders-known-from-deliveries';
import eventsUnansweredSentWhole from './042-events-unanswered-sent-whole';
import ordersDatedByAnswers from './043-orders-dated-by-answers';
import ordersEvidenceKnown from './044-orders-evidence-known';
import ordersOwnProfileEvidence from './045-orders-own-profile-evidence';
import ordersRestShown from './046-orders-rest-shown';
import ordersStateByDefault from './047-orders-state-by-default';
import ordersFindingsSeverity from './048-orders-findings-severity';
import emulatorCustomerLocale from './049-emulator-customer-locale';
import eventsAnswerNotKnownSent from './050-events-answer-not-known-sent';
import ordersCreatedOnlyByCreate from './051-orders-created-only-by-create';

export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Numbered, append-only. An applied migration is recorded with the hash of its SQL; editing
 * one after it has run fails loudly at start-up instead of leaving databases that differ.
 */
export const migrations: readonly Migration[] = [
  { id: 1, name: '001-profiles', sql: profiles },
  { id: 2, name: '002-events', sql: events },
  { id: 3, name: '003-events-search', sql: eventsSearch },
  { id: 4, name: '004-drafts', sql: drafts },
  { id: 5, name: '005-emulator', sql: emulator },
  { id: 6, name: '006-orders', sql: orders },
  { id: 7, name: '007-scenario-runs', sql: scenarioRuns },
  { id: 8, name: '008-outbox-lease', sql: outboxLease },
  { id: 9, name: '009-emulator-transactions', sql: emulatorTransactions },
  { id: 10, name: '010-profile-operation-defaults', sql: profileOperationDefaults },
  { id: 11, name: '011-provenance', sql: provenance },
  { id: 12, name: '012-deferred-search', sql: deferredSearch },
  { id: 13, name: '013-unused-indexes', sql: unusedIndexes },
  { id: 14, name: '014-deferred-order-marks', sql: deferredOrderMarks },
  { id: 15, name: '015-cheaper-delete-marks', sql: cheaperDeleteMarks },
  { id: 16, name: '016-crafted-tokens', sql: craftedTokens },
  { id: 17, name: '017-outbox-unsent', sql: outboxUnsent },
  { id: 18, name: '018-scenario-run-alive', sql: scenarioRunAlive },
  { id: 19, name: '019-orders-known-from', sql: ordersKnownFrom },
  { id: 20, name: '020-scenario-run-source', sql: scenarioRunSource },
  { id: 21, name: '021-search-index-secrets', sql: searchIndexSecrets },
  { id: 22, name: '022-search-index-by-meaning', sql: searchIndexByMeaning },
  { id: 23, name: '023-search-index-spelled-secrets', sql: searchIndexSpelledSecrets },
  {
    id: 24,
    name: '024-search-index-cut-secrets-and-url-credentials',
    sql: searchIndexCutSecretsAndUrlCredentials,
  },
  { id: 25, name: '025-outbox-held-for-next', sql: outboxHeldForNext },
  { id: 26, name: '026-search-index-tailed-masks', sql: searchIndexTailedMasks },
  { id: 27, name: '027-outbox-run-owned', sql: outboxRunOwned },
  { id: 28, name: '028-outbox-older-runs-given-up', sql: outboxOlderRunsGivenUp },
  { id: 29, name: '029-orders-sent-for', sql: ordersSentFor },
  { id: 30, name: '030-orders-derived-again', sql: ordersDerivedAgain },
  { id: 31, name: '031-orders-first-named', sql: ordersFirstNamed },
  { id: 32, name: '032-orders-duplicate-keys-read-alike', sql: ordersDuplicateKeysReadAlike },
  { id: 33, name: '033-orders-reference-from-notifications', sql: ordersReferenceFromNotifications },
  { id: 34, name: '034-events-by-profile-name', sql: eventsByProfileName },
  { id: 35, name: '035-events-removed-count', sql: eventsRemovedCount },
  { id: 36, name: '036-orders-dated-by-evidence', sql: ordersDatedByEvidence },
  { id: 37, name: '037-orders-first-seen', sql: ordersFirstSeen },
  { id: 38, name: '038-events-summary-columns', sql: eventsSummaryColumns },
  { id: 39, name: '039-events-by-scenario-run', sql: eventsByScenarioRun },
  { id: 40, name: '040-events-unanswered', sql: eventsUnanswered },
  { id: 41, name: '041-orders-known-from-deliveries', sql: ordersKnownFromDeliveries },
  { id: 42, name: '042-events-unanswered-sent-whole', sql: eventsUnansweredSentWhole },
  { id: 43, name: '043-orders-dated-by-answers', sql: ordersDatedByAnswers },
  { id: 44, name: '044-orders-evidence-known', sql: ordersEvidenceKnown },
  { id: 45, name: '045-orders-own-profile-evidence', sql: ordersOwnProfileEvidence },
  { id: 46, name: '046-orders-rest-shown', sql: ordersRestShown },
  { id: 47, name: '047-orders-state-by-default', sql: ordersStateByDefault },
  { id: 48, name: '048-orders-findings-severity', sql: ordersFindingsSeverity },
  { id: 49, name: '049-emulator-customer-locale', sql: emulatorCustomerLocale },
  { id: 50, name: '050-events-answer-not-known-sent', sql: eventsAnswerNotKnownSent },
  { id: 51, name: '051-orders-created-only-by-create', sql: ordersCreatedOnlyByCreate },
];
