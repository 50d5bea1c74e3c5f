// Business constants and limits of spec section 9, in one place for server and web.

export const SEARCH_DEBOUNCE_MS = 400;
export const SEARCH_TOP_LIMIT = 5;
export const SNACKBAR_AUTO_HIDE_MS = 6000;
export const PASSWORD_RESET_REDIRECT_MS = 1000;
export const DEFAULT_PATH = '/companies';

/** Layout breakpoints in px (spec section 9). */
export const breakpoints = { xs: 0, sm: 768, md: 1024, lg: 1266, xl: 1536 } as const;
export const DRAWER_WIDTH = 260;
export const LAYOUT_MAX_WIDTH = 2400;
export const BELL_POPUP_MAX_WIDTH = 400;
export const MICROMETER_DIALOG_MAX_WIDTH = 600;
export const CONFIRMATION_DIALOG_MAX_WIDTH = 400;

export const languages = ['en', 'fr', 'ro', 'zh'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Default server-side message when a failure carries none (spec section 8). */
export const GENERIC_ERROR_MESSAGE = 'An error occurred!!!';

/** What the web's API client rejects with when a failed answer has no body (spec section 8). */
export const WRONG_SERVICES_MESSAGE = 'Wrong Services';

/** The snackbar's default message and its undo button (spec section 9). */
export const SNACKBAR_DEFAULT_MESSAGE = 'Note archived';
export const SNACKBAR_UNDO_LABEL = 'UNDO';

/** What the side menu shows in place of a misconfigured navigation group (spec section 8). */
export const NAVIGATION_GROUP_MISCONFIGURED = 'Fix - Navigation Group';

/**
 * How far ahead of the server's clock a reading's receive time may be (network servers' clocks
 * drift a little; none hears the future). Ingest refuses later times with 400.
 */
export const READING_MAX_FUTURE_SKEW_MS = 5 * 60_000;
/**
 * How old a reading's receive time may be, in days (about the 24 months of readings partitions the
 * server keeps ready). Ingest refuses older times with 400, so no sender can make it create a
 * table for a distant month.
 */
export const READING_MAX_AGE_DAYS = 730;
