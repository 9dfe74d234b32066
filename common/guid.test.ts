import { describe, expect, it } from 'vitest';
import { isGuid } from './guid.ts';

describe('isGuid', () => {
  it('takes a guid in either case', () => {
    expect(isGuid('0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d')).toBe(true);
    expect(isGuid('0B6F2C4E-8D1A-4F3B-9C2D-5E6F7A8B9C0D')).toBe(true);
  });

  it.each([
    '',
    ' 0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d',
    '0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d\n',
    '0b6f2c4e8d1a4f3b9c2d5e6f7a8b9c0d',
    '{0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d}',
    '0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0g',
    '0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d0',
    '../0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d',
    '0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d%00',
    '０b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d',
    "0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d' OR '1'='1",
    'page:0b6f2c4e-8d1a-4f3b-9c2d-5e6f7a8b9c0d',
  ])('refuses %j', (value) => {
    expect(isGuid(value)).toBe(false);
  });
});
