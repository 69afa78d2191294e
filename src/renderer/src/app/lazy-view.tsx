import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A view whose code is fetched the first time it is opened (or asked for with preload). */
export interface LazyView {
  /** Renders the view; suspends (view-frame.tsx) only until its code has arrived. */
  component: ComponentType;
  /** Starts fetching the view's code; the same promise until it fails. */
  preload: () => Promise<ComponentType>;
  /** After a failed fetch, lets the next render fetch again (view-frame.tsx calls it). */
  retry: () => void;
}

/**
 * Each view's code in its own chunk: the page parsed and compiled every view (CodeMirror, faker,
 * the builder's forms) on every start, while a start opens one view. Once the code is here the
 * view renders directly, so a view opened again, or preloaded while the shell was loading its
 * data, never suspends and shows no fallback.
 *
 * React.lazy keeps a rejection for good, and a fresh lazy made as soon as a fetch fails would be
 * fetched again at once by the suspended render, in a loop while the server is away: a fresh one
 * is made only on retry, when the view is opened again or "Try again" is pressed.
 */
export function lazyView(load: () => Promise<ComponentType>): LazyView {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  let failed = false;
  const preload = (): Promise<ComponentType> => {
    pending ??= load().then(
      (view) => (loaded = view),
      (error: unknown) => {
        pending = null;
        failed = true;
        throw error;
      },
    );
    return pending;
  };
  const fresh = (): LazyExoticComponent<ComponentType> =>
    lazy(() => preload().then((view) => ({ default: view })));
  let current = fresh();
  function ViewWhenLoaded() {
    const View = loaded ?? current;
    return <View />;
  }
  const retry = () => {
    if (!failed) return;
    failed = false;
    current = fresh();
  };
  return { component: ViewWhenLoaded, preload, retry };
}
