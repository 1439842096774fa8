import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { ResetTwoFactorButton } from '@/features/two-factor/components/reset-two-factor-button';
import { TwoFactorSettings } from '@/features/two-factor/components/two-factor-settings';
import { useUser } from '@/features/users/api/get-user';
import { EditUser } from '@/features/users/components/edit-user';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/management/user';

/** /management/user/edit/{id}; the user menu's Profile opens it with the signed-in user's id. */
export default function UserEditRoute() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user: me } = useSignedIn();
  const canSeeList = useCan('user');
  const profile = id === me.id;
  const canResetTwoFactor = useCan('user', 'resetTwoFactor') && !profile;
  const shown = useUser(id, { enabled: canResetTwoFactor });
  const title = profile ? t('profileTitle') : t('editTitle');
  const leave = () => (canSeeList ? navigate(LIST) : navigate(-1));
  return (
    <Page title={title} namespaces={['users', 'two-factor', 'common']}>
      <PageHeader title={title} crumbs={canSeeList ? [{ label: t('title'), to: LIST }, { label: title }] : [{ label: title }]} />
      <EditUser key={id} id={id} onSaved={() => (canSeeList ? navigate(LIST) : undefined)} onCancel={leave} />
      <Stack spacing={2} sx={{ mt: 3, alignItems: 'flex-start' }}>
        {profile && <TwoFactorSettings account={me.email ?? me.phone ?? ''} />}
        {canResetTwoFactor && shown.data && (
          <ResetTwoFactorButton
            userId={id}
            userLabel={shown.data.email ?? shown.data.phone ?? `${shown.data.firstName} ${shown.data.lastName}`}
          />
        )}
      </Stack>
    </Page>
  );
}
