import { describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES } from '../../../common/blocks/index';
import {
  defaultOptions,
  fieldKey,
  isBlockEmpty,
  movedOrder,
  newContent,
  visiblePositions,
} from './block-editing';

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
      expect(typeof newContent(name)).toBe('object');
    }
  });

  it('shows a placeholder for blocks visitors would not see', () => {
    const block = { guid: 'g', position: 'main' as const, sortId: 10, options: {} };
    expect(isBlockEmpty({ ...block, name: 'image', data: null }, true)).toBe(true);
    expect(isBlockEmpty({ ...block, name: 'text', data: { html: '<p></p>' } }, true)).toBe(true);
    expect(isBlockEmpty({ ...block, name: 'text', data: { html: '<p>Hoi</p>' } }, true)).toBe(false);
    expect(isBlockEmpty({ ...block, name: 'carousel', data: {} }, false)).toBe(true);
  });

  it('maps issue paths to form fields', () => {
    expect(fieldKey('content.nl.alt')).toBe('nl.alt');
    expect(fieldKey('options.size')).toBe('size');
  });
});
