import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { useWallet } from '@/features/wallet/api/get-wallet';
import { WalletDetails } from '@/features/wallet/components/wallet-details';
import { useSignedIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['wallet', 'list', 'ui']);

const ID = /^[0-9a-f]{24}$/;

/** /wallet/{id}: one wallet — its figures, statement and holds, and the money actions the role allows. */
export default function WalletViewRoute() {
  const { t } = useTranslation('wallet');
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const valid = ID.test(id);
  const name = useWallet(id, valid).data?.organization?.tradeName;
  const title = name ? t('details.title', { name }) : t('details.titlePlain');
  const list = user.organization ? { label: t('title'), to: '/wallet' } : { label: t('allTitle'), to: '/all-wallet' };
  return (
    <Page title={title} namespaces={['wallet', 'list', 'common', 'ui']}>
      <PageHeader title={title} crumbs={[list, { label: name ?? t('details.titlePlain') }]} />
      {valid ? (
        <WalletDetails key={id} id={id} />
      ) : (
        <Alert severity="warning" role="alert">
          {t('messages.notFound')}
        </Alert>
      )}
    </Page>
  );
}
