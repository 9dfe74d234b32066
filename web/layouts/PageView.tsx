import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LAYOUT_COLUMNS, type LayoutPosition } from '../../common/pages';
import type { BlockView, PageView as PageViewModel } from '../../common/site';
import { RenderBlocks } from '../blocks/registry';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { HeaderImage } from '../components/HeaderImage';
import { SubMenu } from '../components/SubMenu';

const byPosition = (blocks: BlockView[], position: LayoutPosition) =>
  blocks.filter((block) => block.position === position);

/**
 * A content page in its layout: a top row, the main area with optional left and right side columns
 * (3/12 each; main 9 or 6 of 12 from the medium breakpoint up, stacked below it), a bottom row.
 * The sub menu goes in the left column, or the right one when the layout has no left column.
 */
/**
 * `editControl`: the route's edit control, if the route shows one (legal pages and edit mode do not).
 * `renderPosition`: edit mode renders each layout position's blocks with its editing affordances.
 */
export function PageView({
  page,
  editControl = null,
  renderPosition,
}: {
  page: PageViewModel;
  editControl?: ReactNode;
  renderPosition?: (position: LayoutPosition, blocks: BlockView[]) => ReactNode;
}) {
  const columns = LAYOUT_COLUMNS[page.layout];
  const blocksAt = (position: LayoutPosition) => {
    const blocks = byPosition(page.blocks, position);
    return renderPosition ? renderPosition(position, blocks) : <RenderBlocks blocks={blocks} />;
  };
  const hasSubMenu = page.settings.showSubMenu && page.subMenu.length > 0;
  const subMenu = hasSubMenu ? <SubMenu items={page.subMenu} section={page.breadcrumbs[0]} /> : null;
  return (
    // The content's language can differ from the interface's (legal pages per {lang}).
    <article className="page" data-layout={page.layout} data-page={page.name} lang={page.contentLocale}>
      {page.headerImage ? <HeaderImage image={page.headerImage} /> : null}
      <div className="container">
        {page.settings.showBreadcrumbs && page.path !== '/' && page.breadcrumbs.length > 0 ? (
          <Breadcrumbs items={page.breadcrumbs} />
        ) : null}
        <div className="page-heading">
          <Title order={1} className="page-title" lang={page.titleLang}>
            {page.title}
          </Title>
          {editControl}
        </div>
        <div className="layout-row layout-top" data-position="top">
          {blocksAt('top')}
        </div>
        <div className={`layout-grid layout-${page.layout}`}>
          {columns.left ? (
            <div className="layout-column layout-left" data-position="left">
              {subMenu}
              {blocksAt('left')}
            </div>
          ) : null}
          <div className="layout-column layout-main" data-position="main">
            {blocksAt('main')}
          </div>
          {columns.right ? (
            <div className="layout-column layout-right" data-position="right">
              {columns.left ? null : subMenu}
              {blocksAt('right')}
            </div>
          ) : null}
        </div>
        <div className="layout-row layout-bottom" data-position="bottom">
          {blocksAt('bottom')}
        </div>
      </div>
    </article>
  );
}
