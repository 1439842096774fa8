import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SimUsageCard } from '@/features/sim-usage/components/sim-usage-card';
import { SimDetails } from '@/features/sims/components/sim-details';
import { SimWhitelistsCard } from '@/features/whitelists/components/sim-whitelists-card';
import { i18n } from '@/lib/i18n/i18n';

// The page's words: the shell shows the page it opens on once they are there (shell-routes.tsx).
export const ready = i18n.loadNamespaces(['sims', 'sim-usage', 'whitelists', 'ui']);

const ICCID = /^\d{19,20}$/;

/** /sim-details?number={ICCID} (from the inventory and global search): the SIM, its whitelists per profile, and its usage. */
export default function SimDetailsRoute() {
  const { t } = useTranslation('sims');
  const [searchParams] = useSearchParams();
  const number = searchParams.get('number')?.trim() ?? '';
  const valid = ICCID.test(number);
  return (
    <Page
      title={valid ? `${t('details.title')} ${number}` : t('details.title')}
      namespaces={['sims', 'sim-usage', 'whitelists', 'common', 'ui']}
    >
      <PageHeader
        title={valid ? number : t('details.title')}
        subtitle={valid ? t('details.subtitle') : undefined}
        section={{ label: t('title'), to: '/sim-inventory' }}
        crumbs={[{ label: t('details.title') }]}
      />
      {valid ? (
        <SimDetails
          key={number}
          iccid={number}
          sections={(sim) => (
            <>
              <SimWhitelistsCard sim={sim} />
              <SimUsageCard sim={sim} />
            </>
          )}
        />
      ) : (
        <Alert severity="warning" role="alert">
          {t('details.badNumber')}
        </Alert>
      )}
    </Page>
  );
}
