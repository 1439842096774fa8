/** Business constants of spec §9. */
export const USERNAME_MAX = 255;
export const PASSWORD_MAX = 255;
export const PASSWORD_MIN = 8;
export const PHONE_DEFAULT_PREFIX = '+91';
export const DISPLAY_TIMEZONE = 'Asia/Kolkata';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'hh:mm A';
export const PAGE_SIZE_MAX = 500;
