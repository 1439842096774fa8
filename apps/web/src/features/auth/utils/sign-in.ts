import type { TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import { isApiError } from '@/lib/api-client';
import { saveSignIn } from '@/lib/auth';
import { tMessage, translateError } from '@/lib/i18n/i18n';
import { setFlash, toast } from '@/lib/notify';

/** Stores the session a sign-in answered and hands over to the page, which reloads into the console. */
export async function finishSignIn(data: TLoginResponseData, message: string, toastId: string, onSuccess: () => void) {
  toast.success(message, { id: toastId });
  await saveSignIn(data);
  setFlash({ kind: 'success', message });
  onSuccess();
}

/** The message of a failed sign-in call, shown in the toast and above the form. */
export function failureMessage(error: unknown): { toast: string; alert: string } {
  if (isApiError(error) && error.status > 0) {
    // The server answered with a failure: its message, or 'Login failed!'.
    const message = error.body?.message ? translateError(error) : tMessage('loginFailed');
    return { toast: message, alert: message };
  }
  return { toast: tMessage('couldNotLogin'), alert: translateError(error) };
}
