/** The super-admin the e2e server creates on first start. */
export const E2E_ADMIN_EMAIL = 'admin@tarang.e2e';
export const E2E_ADMIN_PASSWORD = 'Vaayu-Admin-7391';

/** Chromium flags for this machine (docs: engineering.md); Playwright adds a fresh --user-data-dir. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
