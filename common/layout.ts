/** SPEC 9: screen breakpoints (px). Side columns sit beside the main area from `medium` up. */
export const BREAKPOINTS = { small: 600, medium: 1024, large: 1440, extraLarge: 1920 } as const;

/** SPEC 9: header sizes (px). */
export const HEADER = {
  logoHeight: 72,
  logoPadding: 8,
  minHeight: 56,
  mainMenuHeight: 48,
  adminHeight: 48,
  mobileLogoExtra: 16,
  mobileImageBaseWidth: 600,
} as const;

/** SPEC 2: hash links scroll to 88 px below the top (108 px in admin). */
export const HASH_SCROLL_OFFSET = 88;
export const HASH_SCROLL_OFFSET_ADMIN = 108;

export const SUBMENU_VISIBILITY_DELAY_MS = 50;
export const LOADING_INDICATOR_DELAY_MS = 1000;
export const LOG_FLUSH_INTERVAL_MS = 5000;
/** Browser log batches (POST /api/logs): entries per request and characters per message. */
export const LOG_BATCH_MAX_ENTRIES = 50;
export const LOG_MESSAGE_MAX_LENGTH = 2000;
export const FONT_PIXEL_OPTIONS = [12, 14, 16, 18, 22, 28, 34, 40, 50, 64] as const;

/**
 * SPEC 9 header hint: on mobile the logo height plus 16; otherwise the larger of 56 and the logo
 * height plus twice its padding, plus 48 when the main menu shows.
 */
export function headerHeight(input: {
  logoHeight: number;
  logoPadding: number;
  isMobile: boolean;
  showMainMenu: boolean;
}): number {
  if (input.isMobile) return input.logoHeight + HEADER.mobileLogoExtra;
  const bar = Math.max(HEADER.minHeight, input.logoHeight + 2 * input.logoPadding);
  return bar + (input.showMainMenu ? HEADER.mainMenuHeight : 0);
}
