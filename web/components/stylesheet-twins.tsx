import { useContext } from 'react';
import { UNSAFE_FrameworkContext } from 'react-router';

/** The root route's id in React Router's manifest. */
const ROOT_ROUTE = 'root';

/**
 * The root route's stylesheets once more, disabled, without the `#` React Router writes after a
 * stylesheet that a lazily loaded chunk also needs (@react-router/dev: so that a route's link going
 * away on navigation does not take the chunk's styles with it). Vite's loader links a chunk's
 * stylesheets unless the page has a stylesheet link of the same href; it did not find `site.css#`
 * and linked the site's stylesheet a second time, after whatever the head held by then: over the
 * admin screens' component styles (issue 35). A disabled link is neither fetched nor applied. Only
 * the root route's: it never unmounts, so its styles stay for every chunk that needs them.
 */
export function StylesheetTwins() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const stylesheets = framework?.manifest.routes[ROOT_ROUTE]?.css ?? [];
  return stylesheets
    .filter((href) => href.endsWith('#'))
    .map((href) => (
      // `disabled` is HTML's (the link is neither fetched nor applied); React's types leave it out.
      <link key={href} rel="stylesheet" href={href.slice(0, -1)} {...{ disabled: true }} />
    ));
}
