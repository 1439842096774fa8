import type { TPasswordOwner } from '@tarang/shared/auth/password-rules';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/form/fields/password-field';
import type { TFormMessages } from '@/components/form/form';
import { findPasswordRefusal, PasswordStrengthMeter, translatePasswordMessage } from '@/components/ui/password-strength-meter';
import { translateError, translateMessage } from '@/lib/i18n/i18n';

/** The new password, its strength as it is typed, and the password again: where a password is chosen. */
export function NewPasswordFields({ owner }: { owner?: TPasswordOwner }) {
  const { t } = useTranslation('auth');
  const newPassword: string = useWatch({ name: 'newPassword' });
  const { errors } = useFormState({ name: 'newPassword' });
  return (
    <>
      <PasswordField name="newPassword" label={t('changePassword.newPassword')} autoComplete="new-password" fullWidth />
      <PasswordStrengthMeter password={newPassword} owner={owner} hideReason={Boolean(errors.newPassword)} />
      <PasswordField name="confirmPassword" label={t('changePassword.confirmPassword')} autoComplete="new-password" fullWidth />
    </>
  );
}

/** Why the strength rule (the server's own) refuses the new password, on its field, before anything is sent. */
export async function refuseWeakPassword(newPassword: string, owner?: TPasswordOwner) {
  return { newPassword: await findPasswordRefusal(newPassword, owner) };
}

/** A refused password change or reset: the password rule's reason when it is one, else what the error says. */
export const PASSWORD_FAILURES: TFormMessages = {
  message: translateMessage,
  failure: (error) => translatePasswordMessage((error as { message?: string } | null)?.message) ?? translateError(error),
};
