import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The element a screen names as where its focus starts (else its first `<h1>`, else `<main>`). */
const ROUTE_FOCUS_ATTRIBUTE = 'data-route-focus';

function startOfScreen(main: HTMLElement): HTMLElement {
  return (
    main.querySelector<HTMLElement>(`[${ROUTE_FOCUS_ATTRIBUTE}]`) ??
    main.querySelector<HTMLElement>('h1') ??
    main
  );
}

/** How long the focus follows a screen that is still coming in (lazily loaded code, data). */
const SETTLE_MS = 3000;

function focusStart(main: HTMLElement): HTMLElement {
  const start = startOfScreen(main);
  if (!start.hasAttribute('tabindex')) start.setAttribute('tabindex', '-1');
  start.focus({ preventScroll: true });
  return start;
}

/**
 * One rule for the focus after a client-side navigation (issue 35), for the whole app: when the
 * path changes, the focus goes to the new screen's start (`data-route-focus`, else its `<h1>`, else
 * `<main id="main">`), so keyboard and screen-reader users begin there and hear its heading, never
 * on `<body>` or on the link they clicked, which may be gone. A screen that puts the focus somewhere
 * itself (a field with autofocus, an error, a dialog it opened) keeps it, and so does a tab that
 * showed another tab's screen. A full page load, a change of the query or of the hash only, and a
 * revalidation leave the focus alone.
 */
export function useRouteFocus() {
  const location = useLocation();
  const previousPath = useRef(location.pathname);
  // What had the focus when the new path first rendered: the link or button that navigated.
  const focusedBefore = useRef<Element | null>(null);
  if (previousPath.current !== location.pathname && typeof document !== 'undefined') {
    focusedBefore.current = document.activeElement;
  }
  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    // 'default' is the key of the location the page was loaded at: the browser starts at the top.
    if (location.key === 'default') return;
    const main = document.getElementById('main');
    if (!main) return;
    const active = document.activeElement;
    // A dialog that opened with the screen (the terms of use) keeps the focus it took.
    const isInDialog = active?.closest('[role="dialog"], [aria-modal="true"]') != null;
    const screenChoseFocus =
      active !== null &&
      active !== document.body &&
      active !== focusedBefore.current &&
      active.isConnected &&
      (main.contains(active) || isInDialog);
    // A tab that shows another screen (the account's and settings' tabs) keeps the focus, as tabs do.
    const isTabStillThere = active === focusedBefore.current && active?.getAttribute('role') === 'tab';
    focusedBefore.current = null;
    if (screenChoseFocus || isTabStillThere) return;
    let target = focusStart(main);
    // A screen whose code or data comes a moment later (edit mode) replaces what had the focus, or
    // names its start only then: the focus follows, until the user moves it or the screen settles.
    const observer = new MutationObserver(() => {
      const now = document.activeElement;
      if (now !== null && now !== document.body && now !== target) {
        observer.disconnect();
        return;
      }
      const start = startOfScreen(main);
      if (now === document.body || start !== target) target = focusStart(main);
    });
    observer.observe(main, { childList: true, subtree: true });
    const settled = setTimeout(() => observer.disconnect(), SETTLE_MS);
    return () => {
      observer.disconnect();
      clearTimeout(settled);
    };
  }, [location.pathname, location.key]);
}
