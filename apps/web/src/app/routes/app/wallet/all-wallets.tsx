import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { WalletsTable } from '@/features/wallet/components/wallets-table';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['wallet', 'list', 'ui']);

/** /all-wallet: every organisation's wallet (staff), with Send Money, Debit Money and Adjust Wallet. */
export default function AllWalletsRoute() {
  const { t } = useTranslation('wallet');
  return (
    <Page title={t('allTitle')} namespaces={['wallet', 'list', 'common', 'ui']}>
      <PageHeader title={t('allTitle')} subtitle={t('allSubtitle')} crumbs={[{ label: t('allTitle') }]} />
      <WalletsTable />
    </Page>
  );
}
