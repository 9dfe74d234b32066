import { Title } from '@mantine/core';
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
 */
export function PageView({ page }: { page: PageViewModel }) {
  const columns = LAYOUT_COLUMNS[page.layout];
  const showSubMenu = page.settings.showSubMenu && page.subMenu.length > 0;
  const left = byPosition(page.blocks, 'left');
  const right = byPosition(page.blocks, 'right');
  return (
    <article className="page" data-layout={page.layout} data-page={page.name}>
      {page.headerImage ? <HeaderImage image={page.headerImage} /> : null}
      {page.headerBlocks.length > 0 ? (
        <div className="page-banner container">
          <RenderBlocks blocks={page.headerBlocks} />
        </div>
      ) : null}
      <div className="container">
        {page.settings.showBreadcrumbs && page.breadcrumbs.length > 1 ? (
          <Breadcrumbs items={page.breadcrumbs} />
        ) : null}
        <Title order={1} className="page-title">
          {page.title}
        </Title>
        <section className="layout-row layout-top" data-position="top">
          <RenderBlocks blocks={byPosition(page.blocks, 'top')} />
        </section>
        <div className={`layout-grid layout-${page.layout}`}>
          {columns.left ? (
            <aside className="layout-column layout-left" data-position="left">
              {showSubMenu ? <SubMenu items={page.subMenu} /> : null}
              <RenderBlocks blocks={left} />
            </aside>
          ) : null}
          <main className="layout-column layout-main" data-position="main" id="main">
            <RenderBlocks blocks={byPosition(page.blocks, 'main')} />
          </main>
          {columns.right ? (
            <aside className="layout-column layout-right" data-position="right">
              {showSubMenu && !columns.left ? <SubMenu items={page.subMenu} /> : null}
              <RenderBlocks blocks={right} />
            </aside>
          ) : null}
        </div>
        <section className="layout-row layout-bottom" data-position="bottom">
          <RenderBlocks blocks={byPosition(page.blocks, 'bottom')} />
        </section>
      </div>
    </article>
  );
}
