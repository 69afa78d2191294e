// The features' palette sources, registered at start: their views load only when first opened
// (lazy-view.tsx), and a source registered by its view would be missing from Ctrl+K until then.
import '@features/builder/palette';
import '@features/orders/palette';
import '@features/timeline/palette';
