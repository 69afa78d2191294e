// The view of features/listener the app shell mounts. Apart from index.ts (the parts other features
// import), so that a feature importing another's parts does not import its whole view: through
// the views, the features imported each other in a circle (import-cycles.test.ts).
export { ListenerView } from './listener-view';
