import type { TSubRouteKind } from '@tarang/shared/modules/module-routes';

/**
 * The routes of the console shell (spec §2) come from the shared catalogue (`@tarang/shared/modules/module-routes`:
 * each module's path, the add/edit/… pages below it, one landing page per group), so the browser tests visit the same
 * list. Which component a route shows is decided in `routes/app/module-pages.ts`; `router.tsx` turns the list into
 * routes.
 */
export { SHELL_ROUTES, type TShellRoute, type TSubRouteKind } from '@tarang/shared/modules/module-routes';

/** What the shell needs to know about the page on screen (permission check, title). */
export type TShellRouteHandle = { moduleId?: string; groupId?: string; sub?: TSubRouteKind | null };
