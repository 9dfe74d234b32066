import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { BlockView, SiteShell } from '../../common/site';
import { RenderBlocks } from '../blocks/registry';
import { useTranslation } from '../i18n';
import { COOKIE_DIALOG_ID, COOKIE_SETTINGS_LINK_ID } from './CookieConsentDialog';
import { useCookieConsent } from './cookie-consent';

const isMainColumn = (block: BlockView) =>
  block.position === 'main' || block.position === 'top' || block.position === 'bottom';

/**
 * The footer template's blocks in three columns (25-50-25 from the medium breakpoint up, stacked
 * below), then the legal links and the button that reopens the cookie dialog.
 */
export function SiteFooter({ shell, blocks }: { shell: SiteShell; blocks: BlockView[] }) {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const left = blocks.filter((block) => block.position === 'left');
  const right = blocks.filter((block) => block.position === 'right');
  return (
    <footer className="site-footer">
      {blocks.length > 0 ? (
        <div className="container layout-grid layout-25-50-25 site-footer-blocks">
          <div className="layout-column layout-left">
            <RenderBlocks blocks={left} />
          </div>
          <div className="layout-column layout-main">
            <RenderBlocks blocks={blocks.filter(isMainColumn)} />
          </div>
          <div className="layout-column layout-right">
            <RenderBlocks blocks={right} />
          </div>
        </div>
      ) : null}
      {shell.footerMenu.length > 0 ? (
        <nav className="container site-footer-menu" aria-label={t('nav.footerMenu')}>
          <ul className="site-footer-links">
            {shell.footerMenu.map((node) => (
              <li key={node.guid}>
                {node.isExternal ? (
                  <Anchor href={node.url} size="sm" rel="noopener" lang={node.lang}>
                    {node.name}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={node.url} size="sm" lang={node.lang}>
                    {node.name}
                  </Anchor>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="container site-footer-legal">
        <nav aria-label={t('nav.legal')}>
          <ul className="site-footer-links">
            {shell.legalLinks.map((link) => (
              <li key={link.key}>
                <Anchor component={Link} to={link.url} size="sm">
                  {link.name}
                </Anchor>
              </li>
            ))}
            {consent.categories.length > 0 ? (
              <li>
                {/* A link to the dialog: without JavaScript it shows by :target, with it it opens modally. */}
                <Anchor
                  id={COOKIE_SETTINGS_LINK_ID}
                  href={`#${COOKIE_DIALOG_ID}`}
                  size="sm"
                  className="footer-cookie-settings"
                  onClick={(event) => {
                    event.preventDefault();
                    consent.openDialog();
                  }}
                  aria-haspopup="dialog"
                >
                  {t('cookies.settings')}
                </Anchor>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="site-footer-name">© {shell.settings.platformName}</p>
      </div>
    </footer>
  );
}
