import { describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES } from '../../../common/blocks/index';
import { defaultOptions, fieldKey, isBlockEmpty, movedOrder, visiblePositions } from './block-editing';

describe('block editing helpers', () => {
  it('moves a block one place up or down, and not past either end', () => {
    expect(movedOrder(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(movedOrder(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(movedOrder(['a'], 'x', 1)).toBeNull();
  });

  it('offers the side columns only where the layout has them', () => {
    expect(visiblePositions('100')).toEqual(['top', 'main', 'bottom']);
    expect(visiblePositions('25-50-25')).toEqual(['top', 'left', 'main', 'right', 'bottom']);
    expect(visiblePositions('75-25')).toEqual(['top', 'main', 'right', 'bottom']);
  });

  it('starts every type with options its schema accepts', () => {
    for (const name of BLOCK_TYPE_NAMES) {
      expect(BLOCK_TYPES[name].options.safeParse(defaultOptions(name)).success).toBe(true);
      expect(typeof BLOCK_TYPES[name].newContent()).toBe('object');
    }
  });

  it('shows a placeholder for blocks visitors would not see', () => {
    const block = { guid: 'g', position: 'main' as const, sortId: 10 };
    const image = { ...block, name: 'image' as const, options: defaultOptions('image') as never };
    expect(isBlockEmpty({ ...image, data: null })).toBe(true);
    const text = { ...block, name: 'text' as const, options: {} };
    expect(isBlockEmpty({ ...text, data: { html: '<p></p>' } })).toBe(true);
    expect(isBlockEmpty({ ...text, data: { html: '<p>Hoi</p>' } })).toBe(false);
    expect(isBlockEmpty({ ...block, name: 'carousel', options: {}, data: null })).toBe(true);
  });

  it('maps issue paths to form fields', () => {
    expect(fieldKey('content.nl.alt')).toBe('nl.alt');
    expect(fieldKey('options.size')).toBe('size');
  });
});
