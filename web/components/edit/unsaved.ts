import { useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';

/**
 * Changes typed in edit mode but not saved yet (an open block editor, the page settings): leaving
 * edit mode, following a link or closing the tab asks first (issue 13). Everything saved is in the
 * draft and needs no warning.
 */

const unsaved = new Set<symbol>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasUnsaved = () => unsaved.size > 0;

/** Marks the calling form as holding unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const mark = Symbol('unsaved');
    unsaved.add(mark);
    for (const listener of listeners) listener();
    return () => {
      unsaved.delete(mark);
      for (const listener of listeners) listener();
    };
  }, [isDirty]);
}

/**
 * Asks before leaving while a form holds unsaved changes: the browser's own question when the tab
 * closes or reloads, and a blocker (answered with `proceed` or `reset`) for a move within the site.
 */
export function useLeaveGuard() {
  const isUnsaved = useSyncExternalStore(subscribe, hasUnsaved, () => false);
  useEffect(() => {
    if (!isUnsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isUnsaved]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      isUnsaved &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
}
