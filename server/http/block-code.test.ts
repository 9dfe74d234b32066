import { describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES } from '../../common/blocks/names.ts';
import { blockCodeOf, blockViewSource } from './block-code.ts';

describe('blockCodeOf (issue 31)', () => {
  const asked: string[][] = [];
  const blockCode = blockCodeOf((sources) => {
    asked.push([...sources]);
    return { scripts: sources.map((source) => `/assets/${source.split('/')[2]}.js`), styles: [] };
  });

  it('names the chunks of the known block types a page shows, each once', () => {
    const html = [
      '<div class="block block-table" data-block="table" data-guid="a">…</div>',
      '<div class="block block-divider" data-block="divider" data-guid="b"></div>',
      '<div class="block block-table" data-block="table" data-guid="c">…</div>',
      '<div class="block block-gone" data-block="gone" data-guid="d"></div>',
      '<p>data-block=&quot;form&quot; in a text</p>',
    ].join('');
    expect(blockCode(html)).toEqual(['/assets/Divider.js', '/assets/Table.js']);
    expect(asked.at(-1)).toEqual(['web/blocks/Divider/View.tsx', 'web/blocks/Table/View.tsx']);
  });

  it('names nothing on a page without blocks', () => {
    expect(blockCode('<main><h1>Leeg</h1></main>')).toEqual([]);
  });

  it('finds every type’s view where ARCHITECTURE.md puts it', () => {
    for (const name of BLOCK_TYPE_NAMES)
      expect(blockViewSource(name)).toMatch(/^web\/blocks\/[A-Z]\w+\/View\.tsx$/);
    expect(blockViewSource('callToAction')).toBe('web/blocks/CallToAction/View.tsx');
  });
});
