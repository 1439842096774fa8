import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import toast from 'react-hot-toast';

/**
 * Two kinds of notice (spec §9): snackbars bottom-right (at most 6 at once) for what happens in the
 * console, and a toaster at the top centre for the sign-in and password flows. The snackbar code
 * loads with the first snackbar (or with the console shell), not with the sign-in page.
 */
type TVariant = 'default' | 'info' | 'success' | 'warning' | 'error';
type TEnqueue = (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;

let enqueue: TEnqueue | null = null;
const pending: { message: string; variant: TVariant }[] = [];
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** Asks the app to mount the snackbar host (see components/ui/snackbar-host.tsx). */
export function requestSnackbarHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of hostListeners) listener();
}

export function subscribeSnackbarHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

export function isSnackbarHostWanted(): boolean {
  return hostWanted;
}

/** Called by the mounted host: snackbars asked for before it was there show now. */
export function attachSnackbarHost(fn: TEnqueue | null): void {
  enqueue = fn;
  if (!fn) return;
  for (const item of pending.splice(0)) fn(item.message, { variant: item.variant });
}

function snack(variant: TVariant) {
  return (message: string) => {
    if (enqueue) enqueue(message, { variant });
    else {
      pending.push({ message, variant });
      requestSnackbarHost();
    }
  };
}

export const notify = {
  info: snack('info'),
  success: snack('success'),
  warning: snack('warning'),
  error: snack('error'),
};

export { toast };

/** A message to show once the page has reloaded (sign-in reloads the console). */
const FLASH_KEY = 'tarang.flash';
type TFlash = { kind: 'success' | 'info'; message: string };

export function setFlash(flash: TFlash): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    /* shown before the reload only */
  }
}

export function takeFlash(): TFlash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed = JSON.parse(raw) as TFlash;
    return typeof parsed?.message === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
