import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * `value` in the browser, `serverValue` in the server's HTML and while that HTML hydrates: for what
 * the server cannot know (the URL's hash, the history entry's state). Where the two agree, nothing is
 * rendered again after hydrating; where they differ, React renders the component again at once, in
 * the same task as the hydration's commit, which a visitor's first load pays for as blocking time
 * (issue 32), so pass the value itself, not a "hydrated" flag. Compared with Object.is: primitives.
 */
export function useClientValue<T>(value: T, serverValue: T): T {
  return useSyncExternalStore(
    noSubscription,
    () => value,
    () => serverValue,
  );
}
