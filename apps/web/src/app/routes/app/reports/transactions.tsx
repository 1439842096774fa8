import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { TransactionsTable } from '@/features/transactions/components/transactions-table';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['transactions', 'list']);

/** /report/transactions: every wallet entry in the caller's subtree, with its filters and exports. */
export default function TransactionsReportRoute() {
  const { t } = useTranslation('transactions');
  return (
    <Page title={t('title')} namespaces={['transactions', 'common']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        section={{ label: i18n.t('groups.report', { ns: 'common' }), to: '/report' }}
        crumbs={[]}
      />
      <TransactionsTable />
    </Page>
  );
}
