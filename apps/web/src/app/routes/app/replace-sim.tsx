import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { ReplaceFromFileButton, ReplaceSimScreen } from '@/features/sim-replacement/components/replace-sim-screen';
import { i18n } from '@/lib/i18n/i18n';

// The page's words come with its code: the page then renders without waiting for them.
export const ready = i18n.loadNamespaces(['sim-replacement', 'requests', 'ui', 'list']);

/** /replace-sim: a SIM's number and everything with it moved to a new SIM, one pair or a file of them, and the list. */
export default function ReplaceSimRoute() {
  const { t } = useTranslation('sim-replacement');
  return (
    <Page title={t('title')} namespaces={['sim-replacement', 'common', 'ui']}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} section={null} crumbs={[]} action={<ReplaceFromFileButton />} />
      <ReplaceSimScreen />
    </Page>
  );
}
