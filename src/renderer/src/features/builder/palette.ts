// The palette source of features/builder, registered by the app shell at start
// (app/palette/feature-sources.ts) so that Ctrl+K finds drafts from any view: the view itself
// arrives only when it is first opened (app/lazy-view.tsx).
import './drafts-palette-source';
