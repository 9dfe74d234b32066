// The styles every page needs for its first paint (issue 12): Mantine's styles for what public pages
// show and the site's own. They travel inside the HTML (web/styles/site-styles.tsx), so no
// stylesheet request stands between the document and the first paint on a slow connection. This
// module is server-only, so the text is never part of a script the browser downloads.
import mantineSite from './mantine-site.css?inline';
import site from './site.css?inline';

/** The same text for every request and every visitor: cached pages stay byte-identical. */
export const SITE_CSS = `${mantineSite}\n${site}`;
