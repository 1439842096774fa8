import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { AuditTrailTable } from '@/features/audit-trail/components/audit-trail-table';
import { VerifyChainButton } from '@/features/audit-trail/components/verify-chain-dialog';
import { useSignedIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['audit-trail', 'ui', 'list']);

/** /audit-trail: the audited changes in reach, newest first; staff can verify the hash chain. */
export default function AuditTrailRoute() {
  const { t } = useTranslation('audit-trail');
  const { user } = useSignedIn();
  return (
    <Page title={t('title')} namespaces={['audit-trail', 'common', 'ui']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        section={{ label: i18n.t('groups.report', { ns: 'common' }), to: '/report' }}
        crumbs={[]}
        action={user.organization === null ? <VerifyChainButton /> : undefined}
      />
      <AuditTrailTable />
    </Page>
  );
}
