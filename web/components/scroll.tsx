import { useEffect } from 'react';

const SMOOTH_ATTRIBUTE = 'data-smooth-scroll';
/** Longer than the browser's smooth scroll; the behaviour is fixed when a scroll starts anyway. */
const SMOOTH_WINDOW_MS = 1500;

/**
 * In-page anchors (#contact) glide to their target; everything else scrolls at once. Smooth
 * scrolling for the whole document would also animate the reset to the top on a new page, the
 * restored position after a reload and every scroll into view, so it is switched on (site.css,
 * html[data-smooth-scroll]) only from the click on an in-page link until that scroll is done. The
 * browser's own fragment navigation and React Router's scroll to the hash both pick it up; the
 * 88 px offset comes from scroll-padding-top. Without JavaScript the anchor simply jumps.
 */
export function SmoothAnchorScroll() {
  useEffect(() => {
    const root = document.documentElement;
    let timer: number | undefined;
    const stop = () => {
      window.clearTimeout(timer);
      root.removeAttribute(SMOOTH_ATTRIBUTE);
    };
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      if (!anchor) return;
      root.setAttribute(SMOOTH_ATTRIBUTE, '');
      window.clearTimeout(timer);
      timer = window.setTimeout(stop, SMOOTH_WINDOW_MS);
    };
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      stop();
    };
  }, []);
  return null;
}
