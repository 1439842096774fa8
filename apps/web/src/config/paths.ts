/**
 * Every fixed path of the console. Module paths come from the shared module catalogue
 * (`@tarang/shared/modules/module-catalogue`); the sub-routes of each module are listed in
 * `app/module-routes.ts`.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  auth: {
    login: {
      path: '/auth/login',
      getHref: (redirectTo?: string | null) =>
        redirectTo && redirectTo !== '/' && redirectTo !== '/dashboard'
          ? `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`
          : '/auth/login',
    },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    resetPassword: {
      path: '/auth/reset-password/:otpToken',
      getHref: (otpToken: string, options: { link?: boolean } = {}) =>
        `/auth/reset-password/${encodeURIComponent(otpToken)}${options.link ? '?link=1' : ''}`,
    },
    changePassword: { path: '/auth/change-password', getHref: () => '/auth/change-password' },
  },
  public: {
    termOfUse: { path: '/public/term-of-use', getHref: () => '/public/term-of-use' },
    privacy: { path: '/public/privacy', getHref: () => '/public/privacy' },
  },
  status: {
    root: { path: '/status', getHref: () => '/status' },
    notFound: { path: '/status/404', getHref: () => '/status/404' },
    serverError: { path: '/status/500', getHref: () => '/status/500' },
    maintenance: { path: '/status/maintenance', getHref: () => '/status/maintenance' },
    comingSoon: { path: '/status/coming-soon', getHref: () => '/status/coming-soon' },
  },
  management: {
    userEdit: { path: '/management/user/edit/:id', getHref: (id: string) => `/management/user/edit/${encodeURIComponent(id)}` },
    userById: { getHref: (id: string) => `/management/user?_id=${encodeURIComponent(id)}` },
    organisationById: { getHref: (id: string) => `/management/organisation?_id=${encodeURIComponent(id)}` },
  },
  simDetails: { getHref: (iccid: string) => `/sim-details?number=${encodeURIComponent(iccid)}` },
  requestByJob: { getHref: (batchJobId: string) => `/request?batchJobId=${encodeURIComponent(batchJobId)}` },
} as const;

/** Where the customer can reach the provider (login page "Contact Us"). */
export const CONTACT_EMAIL = 'support@tarang.in';

/**
 * A redirect target taken from the address bar is used only when it is a path inside the console,
 * never another site (`//evil.example`) nor the sign-in pages themselves.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return paths.dashboard.getHref();
  if (raw.startsWith('/auth/')) return paths.dashboard.getHref();
  return raw;
}
