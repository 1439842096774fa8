import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readListParams } from '@/components/list-screen/list-params';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { prefetchSims } from '@/features/sims/api/get-sims';
import { BulkUploadDialog } from '@/features/sims/components/bulk-upload-dialog';
import { SimsTable } from '@/features/sims/components/sims-table';
import { UploadBanner } from '@/features/sims/components/upload-banner';
import { useRunningUpload } from '@/features/sims/hooks/use-running-upload';
import { parseSimFilters, SIM_LIST_OPTIONS, type TSimFilterKey } from '@/features/sims/utils/sim-filter';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

// The first page of SIMs is asked for while the page's words load: the grid shows rows on its first render.
if (typeof window !== 'undefined' && window.location.pathname === '/sim-inventory') {
  const address = new URLSearchParams(window.location.search);
  const params = readListParams(address, SIM_LIST_OPTIONS);
  const raw = Object.fromEntries(address) as Record<TSimFilterKey, string | undefined>;
  prefetchSims({ filter: parseSimFilters(raw, address.get('search')?.trim() ?? ''), sort: params.sort, limit: params.limit, cursor: null });
}
// The page's words: the shell shows the page it opens on once they are there (shell-routes.tsx).
export const ready = i18n.loadNamespaces(['sims', 'ui']);

/** /sim-inventory: the SIM grid, and Bulk Upload for staff whose role allows it. */
export default function SimInventoryRoute() {
  const { t } = useTranslation('sims');
  const { user } = useSignedIn();
  // Uploads put SIMs into provider stock: staff only (the server says so too).
  const canUpload = useCan('sim-inventory', 'bulkUpload') && user.organization === null;
  const [uploadId, setUploadId] = useRunningUpload();
  // A reload while an upload of ours is remembered shows its progress again at once.
  const [uploadOpen, setUploadOpen] = useState(() => canUpload && uploadId !== null);

  return (
    <Page title={t('title')} namespaces={['sims', 'common', 'ui']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        section={null}
        crumbs={[]}
        action={
          canUpload && (
            <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setUploadOpen(true)}>
              {t('actions.bulkUpload')}
            </Button>
          )
        }
      />
      {canUpload && uploadId && !uploadOpen && <UploadBanner uploadId={uploadId} onShow={() => setUploadOpen(true)} />}
      <SimsTable />
      {canUpload && (
        <BulkUploadDialog
          open={uploadOpen}
          uploadId={uploadId}
          onUploadStarted={setUploadId}
          onReset={() => setUploadId(null)}
          onClose={(seen) => {
            setUploadOpen(false);
            if (seen) setUploadId(null);
          }}
        />
      )}
    </Page>
  );
}
