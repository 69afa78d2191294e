// The one entry of features/timeline: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { copyRecordToken } from './detail/copy-record-token';
export { FiltersAlone } from './filters-alone';
export { provenanceMark, RowKind, RowNotJudged, RowProvenance, RowStatus, RowVerdict } from './row-chips';
export { statusWords } from './record-status-words';
export { useRowVirtualizer } from './row-virtualizer';
export { type FilterUpdate, TimelineFilters } from './timeline-filters';
export { isSecondPart } from './timeline-rows';
export { emptyWhenLoadedWords } from './toolbar-counts';
export { useRunExists } from './use-run-exists';
