import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SimDiagnosis } from '@/features/sim-diagnosis/components/sim-diagnosis';
import { i18n } from '@/lib/i18n/i18n';

// The page's words, and the request words its fixes use: the shell shows the page once they are there.
export const ready = i18n.loadNamespaces(['sim-diagnosis', 'sims', 'requests', 'ui']);

/** /sim-diagnosis?number={ICCID, MSISDN or IMSI} (from SIM details, the inventory, or typed in). */
export default function SimDiagnosisRoute() {
  const { t } = useTranslation('sim-diagnosis');
  const [searchParams, setSearchParams] = useSearchParams();
  const number = searchParams.get('number')?.trim() ?? '';
  return (
    <Page title={number ? `${t('title')} ${number}` : t('title')} namespaces={['sim-diagnosis', 'sims', 'requests', 'common', 'ui']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        section={{ label: t('sims:title'), to: '/sim-inventory' }}
        crumbs={[{ label: t('title') }]}
      />
      <SimDiagnosis key={number} number={number} onNumber={(n) => setSearchParams({ number: n })} />
    </Page>
  );
}
