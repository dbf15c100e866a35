/** Business constants of spec §9, named. Both apps read them from here. */

/** Pager default page size and the window of page numbers either side of the current one. */
export const PAGE_SIZE = 25;

/** A roster search counts its matches up to this many; past it the count reads "1,000+". */
export const SEARCH_COUNT_CAPPED_AT = 1_000;
export const PAGE_RANGE = 2;

/** Monitoring (spec §4, §9). */
export const IDLE_THRESHOLD_MS = 300_000;
export const IDLE_CHECK_INTERVAL_MS = 1_000;
export const IDLE_REDIRECT_MS = 2_000;
export const PERIODIC_SAVE_TICKS = 30;
export const SLEEP_GAP_MS = 4_000;
export const MONITORING_TICK_MS = 1_000;

/** Restricted user flag: true when the user code equals this (spec §4). */
export const RESTRICTED_USER_CODE = 'X5218';
export const PERIOD_TAG = '2025-01';

/** Upload retry delays in milliseconds (spec §8, §9: 0, 3, 5, 10, 20, 60, 60 s). */
export const UPLOAD_RETRY_DELAYS_MS = [0, 3_000, 5_000, 10_000, 20_000, 60_000, 60_000];

export const TOOLTIP_HIDE_MS = 2_000;
export const DEFAULT_TOOLTIP_MESSAGE = 'Only therapists are allowed to enter the patient page.';

export const TOAST_TIMEOUT_MS = 5_000;
export const TOAST_MAX_VISIBLE = 5;
export const TOAST_DRAG_THRESHOLD = 0.6;

export const DATE_FORMAT = 'MMM D, YYYY';
export const MOBILE_MAX_WIDTH_PX = 768;

export const DROPDOWN_DEFAULT_LABEL = 'Please select';
export const DROPDOWN_MAX_HEIGHT_PX = 275;

export const MODAL_DEFAULT_Z_INDEX = 100;
export const MODAL_CONTENT_Z_OFFSET = 10;
export const MODAL_BACKDROP_OPACITY = 0.2;

export const AUTH_POLL_INTERVAL_MS = 100;
export const DATE_PICKER_SWIPE_THRESHOLD_PX = 10;

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

/** Phone verification for QR self sign-up: a 6-digit code, valid 10 minutes, 5 wrong tries burn it. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
/** After a successful check, the QR sign-up form has this long to be sent. */
export const OTP_VERIFIED_WINDOW_MINUTES = 30;

/** App reminders (SMS or e-mail with the app link): at most one per patient per 24 hours. */
export const APP_REMINDER_INTERVAL_HOURS = 24;

/** Patient-record banners: the default snooze, and the longest one a user may choose. */
export const BANNER_SNOOZE_DAYS = 7;
export const BANNER_MAX_SNOOZE_DAYS = 30;

/** Health data upload: samples per request, and the oldest sample accepted. */
export const HEALTH_BATCH_MAX_SAMPLES = 500;
export const HEALTH_SAMPLE_MAX_AGE_DAYS = 366;
/** Devices' clocks drift; a sample this far "in the future" is still accepted. */
export const HEALTH_SAMPLE_CLOCK_SKEW_MINUTES = 5;
/** Longest date range of one metric-chart request. */
export const HEALTH_CHART_MAX_DAYS = 366;
