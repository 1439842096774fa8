import LockOutlined from '@mui/icons-material/LockOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readListParams } from '@/components/list-screen/list-params';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { prefetchSims } from '@/features/sims/api/get-sims';
import { BulkUploadDialog } from '@/features/sims/components/bulk-upload-dialog';
import { ImeiFileDialog } from '@/features/sims/components/imei-file-dialog';
import { SimsTable } from '@/features/sims/components/sims-table';
import { UploadBanner } from '@/features/sims/components/upload-banner';
import { useRunningUpload } from '@/features/sims/hooks/use-running-upload';
import { parseSimFilters, SIM_LIST_OPTIONS, type TSimFilterKey } from '@/features/sims/utils/sim-filter';
import { useAccess, useSignedIn } from '@/lib/auth';
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

/** /sim-inventory: the SIM grid; Bulk Upload for staff whose role allows it; IMEI locks from a file for Sim Actions. */
export default function SimInventoryRoute() {
  const { t } = useTranslation('sims');
  const { user } = useSignedIn();
  // Uploads put SIMs into provider stock: staff only (the server says so too).
  const canUpload = useCan('sim-inventory', 'bulkUpload') && user.organization === null;
  const [uploadId, setUploadId] = useRunningUpload();
  // A reload while an upload of ours is remembered shows its progress again at once.
  const [uploadOpen, setUploadOpen] = useState(() => canUpload && uploadId !== null);
  // The module itself must be granted: staff see every menu entry, but the server checks the role.
  const canLockImeis = useAccess().permissions.has('sim-actions');
  const [imeiFileOpen, setImeiFileOpen] = useState(false);

  return (
    <Page title={t('title')} namespaces={['sims', 'common', 'ui']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        section={null}
        crumbs={[]}
        action={
          (canUpload || canLockImeis) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canLockImeis && (
                <Button variant="outlined" startIcon={<LockOutlined />} onClick={() => setImeiFileOpen(true)}>
                  {t('imeiFile.button')}
                </Button>
              )}
              {canUpload && (
                <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setUploadOpen(true)}>
                  {t('actions.bulkUpload')}
                </Button>
              )}
            </Stack>
          )
        }
      />
      {canUpload && uploadId && !uploadOpen && <UploadBanner uploadId={uploadId} onShow={() => setUploadOpen(true)} />}
      <SimsTable />
      {imeiFileOpen && <ImeiFileDialog onClose={() => setImeiFileOpen(false)} />}
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
