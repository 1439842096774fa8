import { useContext } from 'react';
import { UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, UNSAFE_NavigationContext } from 'react-router';

type THistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * Asked before the address changes while it is set: true holds the move back (`go` makes it later, if the user
 * agrees), false lets it happen.
 */
export type TLeaveCheck = (go: () => void) => boolean;

export type TGuardedHistory = THistory & {
  /** Sets the one check of the page (a form with unsaved changes); returns its removal. */
  guard: (check: TLeaveCheck) => () => void;
};

/**
 * A history whose moves a page can hold back: a link or `navigate()` (push, replace) is asked about before it happens;
 * Back and Forward (and `navigate(-1)`), which the browser has already made, are undone while the page asks and made
 * again if it lets them. The console's router runs on it (app/router.tsx).
 *
 * React-router's own blocker (`useBlocker`) needs its data router, whose code the sign-in page would download too (16 KB
 * gzipped over its budget, e2e/auth.test.ts); this keeps the light router and gives the console the same guard.
 */
export function guardHistory(history: THistory): TGuardedHistory {
  let check: TLeaveCheck | null = null;
  // The pop that undoes a held Back or Forward: the page did not change.
  let undoing = false;
  // Whether the check holds `move` back; once the user agrees, the move is made and the check is gone with its page.
  const holds = (move: () => void) =>
    check?.(() => {
      check = null;
      move();
    }) ?? false;
  // Everything else (the location, createHref, …) is the history's own.
  return Object.assign(Object.create(history) as THistory, {
    push: (...args: Parameters<THistory['push']>) => holds(() => history.push(...args)) || history.push(...args),
    replace: (...args: Parameters<THistory['replace']>) => holds(() => history.replace(...args)) || history.replace(...args),
    listen: (listener: Parameters<THistory['listen']>[0]) =>
      history.listen((update) => {
        if (update.action !== 'POP' || !update.delta) return listener(update);
        if (undoing) {
          undoing = false;
          return;
        }
        const delta = update.delta;
        if (!holds(() => history.go(delta))) return listener(update);
        undoing = true;
        history.go(-delta);
      }),
    guard: (next: TLeaveCheck) => {
      check = next;
      return () => {
        if (check === next) check = null;
      };
    },
  });
}

/** The console's history in the browser. */
export const createGuardedBrowserHistory = () => guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));

/** A history in memory at `path` (tests). */
export const createGuardedMemoryHistory = (path: string) =>
  guardHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }) as THistory);

/** The guard of the router's history. */
export function useLeaveGuard(): TGuardedHistory['guard'] {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { guard } = navigator as Partial<TGuardedHistory>;
  if (!guard) throw new Error('The router runs on a history without a guard: give it createGuardedBrowserHistory()');
  return guard;
}
