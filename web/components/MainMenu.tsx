import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SUBMENU_VISIBILITY_DELAY_MS } from '../../common/layout';
import type { MenuNode } from '../../common/site';
import { useTranslation } from '../i18n';
import { MenuLink } from './MenuLink';

/**
 * The main menu bar (from the small breakpoint up; below it the mobile menu takes over). A top-level
 * item's children open in a dropdown on hover and on keyboard focus after 50 ms, or with the
 * chevron button on touch screens; Escape closes it and returns focus to the item.
 */
export function MainMenu({ items }: { items: MenuNode[] }) {
  const { t } = useTranslation();
  return (
    <nav className="main-menu" aria-label={t('nav.mainMenu')}>
      <ul className="container main-menu-list">
        {items.map((item) => (
          <MenuEntry key={item.guid} item={item} />
        ))}
      </ul>
    </nav>
  );
}

function SubmenuList({ items, id, className }: { items: MenuNode[]; id?: string; className: string }) {
  return (
    <ul className={className} id={id}>
      {items.map((item) => (
        <li key={item.guid}>
          <MenuLink item={item} className="main-menu-sublink" />
          {item.children.length > 0 ? (
            <SubmenuList items={item.children} className="main-menu-subsubmenu" />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function MenuEntry({ item }: { item: MenuNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const submenuId = useId();
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const linkHolder = useRef<HTMLLIElement>(null);
  const hasChildren = item.children.length > 0;

  const setOpenNow = (open: boolean) => {
    clearTimeout(timer.current);
    setOpen(open);
  };
  const setOpenLater = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(open), SUBMENU_VISIBILITY_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // A followed link leaves the pointer and focus where they were; the new page starts with it closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, [pathname]);

  if (!hasChildren) {
    return (
      <li className="main-menu-item">
        <MenuLink item={item} className="main-menu-link" />
      </li>
    );
  }

  const isFromOutside = (event: FocusEvent<HTMLLIElement>) =>
    !event.currentTarget.contains(event.relatedTarget as Node | null);
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    setOpenNow(false);
    linkHolder.current?.querySelector<HTMLElement>('.main-menu-link')?.focus();
  };

  return (
    <li
      ref={linkHolder}
      className="main-menu-item has-submenu"
      data-open={isOpen || undefined}
      onMouseEnter={() => setOpenLater(true)}
      onMouseLeave={() => setOpenLater(false)}
      onFocus={(event) => {
        if (isFromOutside(event)) setOpenLater(true);
      }}
      onBlur={(event) => {
        if (isFromOutside(event)) setOpenLater(false);
      }}
      onKeyDown={onKeyDown}
    >
      <MenuLink item={item} className="main-menu-link" />
      <button
        type="button"
        className="main-menu-toggle"
        aria-expanded={isOpen}
        aria-controls={submenuId}
        aria-label={t('nav.showSubmenu', { name: item.name })}
        onClick={() => setOpenNow(!isOpen)}
      >
        <svg
          className="main-menu-chevron"
          viewBox="0 0 16 16"
          width="12"
          height="12"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <SubmenuList items={item.children} id={submenuId} className="main-menu-submenu" />
    </li>
  );
}
