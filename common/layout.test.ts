import { describe, expect, it } from 'vitest';
import { HEADER, headerHeight } from './layout.ts';

describe('headerHeight (SPEC 9 header hint)', () => {
  it('is the logo height plus 16 on mobile, menu or not', () => {
    expect(headerHeight({ logoHeight: 72, logoPadding: 8, isMobile: true, showMainMenu: true })).toBe(88);
    expect(headerHeight({ logoHeight: 40, logoPadding: 30, isMobile: true, showMainMenu: false })).toBe(56);
  });

  it('is the logo height plus twice the padding, plus 48 for the main menu', () => {
    expect(headerHeight({ logoHeight: 72, logoPadding: 8, isMobile: false, showMainMenu: false })).toBe(88);
    expect(headerHeight({ logoHeight: 72, logoPadding: 8, isMobile: false, showMainMenu: true })).toBe(136);
  });

  it('is never lower than 56 (plus the menu)', () => {
    expect(headerHeight({ logoHeight: 20, logoPadding: 4, isMobile: false, showMainMenu: false })).toBe(56);
    expect(headerHeight({ logoHeight: 20, logoPadding: 4, isMobile: false, showMainMenu: true })).toBe(104);
  });

  it('uses the SPEC defaults', () => {
    expect(HEADER).toMatchObject({
      logoHeight: 72,
      logoPadding: 8,
      minHeight: 56,
      mainMenuHeight: 48,
      adminHeight: 48,
    });
  });
});
