import { type RenderOptions, render } from '@testing-library/react';
import { type ReactElement, type ReactNode, Suspense, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { I18nextProvider } from 'react-i18next';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { i18n, i18nReady } from '@/lib/i18n/i18n';
import { createGuardedMemoryHistory } from '@/lib/navigation-guard';
import { AppThemeProvider } from '@/lib/theme/theme-provider';

/** A router like the console's (app/router.tsx), on a guarded history in memory, at `route`. */
function TestRouter({ route, children }: { route: string; children: ReactNode }) {
  const [history] = useState(() => createGuardedMemoryHistory(route));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** Renders a component as the console would: translations, theme, toaster, session and a router. */
export async function renderWithProviders(ui: ReactElement, { route = '/', ...options }: RenderOptions & { route?: string } = {}) {
  await i18nReady;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <Suspense fallback={null}>
          <Toaster />
          <AuthProvider>
            <TestRouter route={route}>{children}</TestRouter>
          </AuthProvider>
        </Suspense>
      </AppThemeProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}

type TFetchHandler = (url: URL, init: RequestInit) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** Replaces fetch with a handler that answers like the API; returns the calls made. */
export function answerFetch(handler: TFetchHandler) {
  const calls: { url: URL; method: string; body: unknown }[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    const answer = await handler(url, init);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return {
    calls,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
