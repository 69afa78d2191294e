/** Sizes and themes a screenshot is taken in. */
export interface Shot {
  width: number;
  height: number;
  scheme: 'light' | 'dark';
}

/**
 * With a review folder (an environment variable naming one), every size and theme a person
 * checks a view in; without one, the docs picture alone.
 */
export function shotsFor(review: string | undefined): Shot[] {
  return review
    ? [
        { width: 1280, height: 800, scheme: 'light' },
        { width: 1280, height: 800, scheme: 'dark' },
        { width: 1440, height: 900, scheme: 'light' },
        { width: 1440, height: 900, scheme: 'dark' },
      ]
    : [{ width: 1440, height: 900, scheme: 'light' }];
}
