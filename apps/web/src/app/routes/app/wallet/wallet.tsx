import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { TopUpOutcome } from '@/features/wallet/components/top-up-outcome';
import { MyWallet } from '@/features/wallet/components/wallet-details';
import { WalletsTable } from '@/features/wallet/components/wallets-table';
import { useSignedIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['wallet', 'list', 'ui']);

/**
 * /wallet: an organisation user's own wallet (and its children's, with Child Wallets); staff see every organisation's
 * wallet, as on /all-wallet. The payment gateway brings the browser back here (?topup=success|failure&txnid=…).
 */
export default function WalletRoute() {
  const { t } = useTranslation('wallet');
  const { user } = useSignedIn();
  const organizationId = user.organization?.id ?? null;
  const title = organizationId ? t('title') : t('allTitle');
  return (
    <Page title={title} namespaces={['wallet', 'list', 'common', 'ui']}>
      <PageHeader title={title} subtitle={organizationId ? t('subtitle') : t('allSubtitle')} crumbs={[{ label: title }]} />
      <TopUpOutcome />
      {organizationId ? <MyWallet organizationId={organizationId} /> : <WalletsTable />}
    </Page>
  );
}
