import { createContext, use, useState } from 'react';

const SITE_STYLES_ID = 'site-styles';

/**
 * The site's first-paint styles, given by the server's entry (web/entry.server.tsx, from
 * site-css.server.ts); null in the browser, which never downloads them as a script.
 */
export const SiteStylesContext = createContext<string | null>(null);

/**
 * The site's styles inline in the document head (issue 12): no render-blocking stylesheet request.
 * The browser hydrates the element with the text the server wrote into it, read back from the page,
 * so hydration matches and later renders leave the element alone.
 */
export function SiteStyles() {
  const serverCss = use(SiteStylesContext);
  const [css] = useState(
    () =>
      serverCss ??
      (typeof document === 'undefined' ? '' : (document.getElementById(SITE_STYLES_ID)?.textContent ?? '')),
  );
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, the same for every page
    <style id={SITE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />
  );
}
