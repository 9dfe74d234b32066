import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { HEADER, headerHeight } from '../../common/layout';
import type { BlockView, SiteShell } from '../../common/site';
import { RenderBlocks } from '../blocks/registry';
import { useTranslation } from '../i18n';
import { AutoTranslate } from './AutoTranslate';
import { UserMenu } from './account/UserMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { MainMenu } from './MainMenu';
import { MobileMenu } from './MobileMenu';
import { mediaUrl } from './media-url';

const toPixels = (value: string, fallback: number) => {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number >= 0 ? number : fallback;
};

/**
 * The page's header template (an announcement above everything), then the bar with the logo
 * (height 72, padding 8 by default) and the language switch, then the main menu: a bar from the
 * small breakpoint up, a burger with a drawer below it. Heights follow SPEC 9's header hint.
 */
export function SiteHeader({
  shell,
  showMainMenu,
  headerBlocks,
}: {
  shell: SiteShell;
  showMainMenu: boolean;
  headerBlocks: BlockView[];
}) {
  const { t } = useTranslation();
  const { platformName, headerLogo } = shell.settings;
  const logoHeight = toPixels(shell.settings.headerLogoHeight, HEADER.logoHeight);
  const logoPadding = toPixels(shell.settings.headerLogoPadding, HEADER.logoPadding);
  const hasMenu = showMainMenu && shell.menu.length > 0;
  const style = {
    '--header-logo-height': `${logoHeight}px`,
    '--header-logo-padding': `${logoPadding}px`,
    '--header-height': `${headerHeight({ logoHeight, logoPadding, isMobile: false, showMainMenu: hasMenu })}px`,
    '--header-height-mobile': `${headerHeight({ logoHeight, logoPadding, isMobile: true, showMainMenu: hasMenu })}px`,
  } as CSSProperties;
  // An uploaded logo comes at twice its shown height, sharp on high-density screens.
  const logoUrl = mediaUrl(headerLogo, { height: logoHeight * 2 });
  return (
    <header className="site-header" style={style}>
      {headerBlocks.length > 0 ? (
        <div className="site-header-blocks">
          <div className="container">
            <RenderBlocks blocks={headerBlocks} />
          </div>
        </div>
      ) : null}
      <div className="container site-header-bar">
        <Link to="/" className="site-logo">
          {logoUrl ? (
            <img src={logoUrl} alt={t('nav.homeOf', { name: platformName })} height={logoHeight} />
          ) : (
            <span className="site-name">
              {platformName}
              <span className="visually-hidden"> – {t('nav.home')}</span>
            </span>
          )}
        </Link>
        <div className="site-header-tools">
          <Link
            to="/search"
            className="search-header-link"
            aria-label={t('search.open')}
            title={t('search.open')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Link>
          <LanguageSwitch />
          <AutoTranslate />
          <UserMenu />
          {hasMenu ? <MobileMenu items={shell.menu} /> : null}
        </div>
      </div>
      {hasMenu ? <MainMenu items={shell.menu} /> : null}
    </header>
  );
}
