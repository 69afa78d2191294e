// The palette source of features/timeline, registered by the app shell at start
// (app/palette/feature-sources.ts) so that Ctrl+K finds timeline records from any view: the view itself
// arrives only when it is first opened (app/lazy-view.tsx).
import './timeline-palette-source';
