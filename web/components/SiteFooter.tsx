import { Anchor, Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LAYOUT_COLUMNS } from '../../common/pages';
import type { BlockView, SiteShell } from '../../common/site';
import { RenderBlocks } from '../blocks/registry';
import { useCookieConsent } from './cookie-consent';

/** The footer template's blocks in three columns, then the legal links and the cookie settings. */
export function SiteFooter({ shell, blocks }: { shell: SiteShell; blocks: BlockView[] }) {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const columns = LAYOUT_COLUMNS['25-50-25'];
  return (
    <footer className="site-footer">
      {blocks.length > 0 ? (
        <div className="container layout-grid layout-25-50-25">
          {columns.left ? (
            <div className="layout-column">
              <RenderBlocks blocks={blocks.filter((block) => block.position === 'left')} />
            </div>
          ) : null}
          <div className="layout-column">
            <RenderBlocks
              blocks={blocks.filter(
                (block) =>
                  block.position === 'main' || block.position === 'top' || block.position === 'bottom',
              )}
            />
          </div>
          {columns.right ? (
            <div className="layout-column">
              <RenderBlocks blocks={blocks.filter((block) => block.position === 'right')} />
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="container site-footer-legal">
        <Group gap="md" component="nav" aria-label={t('nav.legal')}>
          {shell.legalLinks.map((link) => (
            <Anchor key={link.key} component={Link} to={link.url} size="sm">
              {link.name}
            </Anchor>
          ))}
          {shell.optionalCookieCategories.length > 0 ? (
            <UnstyledButton className="footer-cookie-settings" onClick={consent.openDialog}>
              {t('cookies.settings')}
            </UnstyledButton>
          ) : null}
        </Group>
      </div>
    </footer>
  );
}
