import { Anchor, Group } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HEADER, headerHeight } from '../../common/layout';
import type { SiteShell } from '../../common/site';
import { LanguageSwitch } from './LanguageSwitch';
import { MainMenu } from './MainMenu';

const toNumber = (value: string, fallback: number) => {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number >= 0 ? number : fallback;
};

/** Logo (height 72, padding 8 by default), site name, language switch, and the main menu. */
export function SiteHeader({ shell, showMainMenu }: { shell: SiteShell; showMainMenu: boolean }) {
  const { t } = useTranslation();
  const logoHeight = toNumber(shell.settings.headerLogoHeight, HEADER.logoHeight);
  const logoPadding = toNumber(shell.settings.headerLogoPadding, HEADER.logoPadding);
  const style = {
    '--header-logo-height': `${logoHeight}px`,
    '--header-logo-padding': `${logoPadding}px`,
    '--header-height': `${headerHeight({ logoHeight, logoPadding, isMobile: false, showMainMenu })}px`,
    '--header-height-mobile': `${headerHeight({ logoHeight, logoPadding, isMobile: true, showMainMenu })}px`,
  } as CSSProperties;
  return (
    <header className="site-header" style={style}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="container site-header-bar">
        <Anchor
          component={Link}
          to="/"
          className="site-logo"
          aria-label={shell.settings.platformName}
          underline="never"
        >
          {shell.settings.headerLogo ? (
            <img src={shell.settings.headerLogo} alt={shell.settings.platformName} height={logoHeight} />
          ) : (
            <span className="site-name">{shell.settings.platformName}</span>
          )}
        </Anchor>
        <Group gap="sm">
          <LanguageSwitch />
        </Group>
      </div>
      {showMainMenu ? <MainMenu items={shell.menu} /> : null}
    </header>
  );
}
