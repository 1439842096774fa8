import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { SIM_UPLOAD_COLUMNS } from '@tarang/shared/sims/sim.constants';
import type { TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { isFinished, simOperationKey, useSimOperation } from '../api/get-operation';
import { simsResource } from '../api/get-sims';
import { downloadRejectedRows, downloadUploadTemplate, useUploadSims } from '../api/upload-sims';
import { useNumberFormat } from '../hooks/use-number-format';
import { useSimMessages } from '../utils/messages';
import { FileDropZone } from './file-drop-zone';
import { OperationProgress } from './operation-progress';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TBulkUploadDialogProps = {
  open: boolean;
  /** The upload being followed (kept across reloads by the page), or null to choose a file. */
  uploadId: string | null;
  onUploadStarted: (id: string) => void;
  /** Forget the upload (its result has been seen) and show the file picker again. */
  onReset: () => void;
  /** `seen`: the upload is over and its result was shown, so it need not be remembered. */
  onClose: (seen: boolean) => void;
};

function UploadSummary({ op }: { op: TSimOperation }) {
  const { t } = useTranslation('sims');
  const number = useNumberFormat();
  const { failure } = useSimMessages();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadRejectedRows(op.id);
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  const rejectedOnly = op.skipped - op.alreadyPresent;
  return (
    <Box>
      <Alert severity={op.skipped === 0 ? 'success' : op.succeeded > 0 ? 'warning' : 'error'} sx={{ mb: 2 }}>
        {t('upload.finished', { name: op.fileName ?? '' })}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} data-testid="upload-summary">
        {[
          { key: 'added', value: op.succeeded, color: 'success.main' },
          { key: 'rejected', value: rejectedOnly, color: rejectedOnly ? 'error.main' : 'text.primary' },
          { key: 'alreadyPresent', value: op.alreadyPresent, color: 'text.primary' },
        ].map((item) => (
          <Box key={item.key} sx={{ flex: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Typography variant="h5" component="p" sx={{ color: item.color, fontWeight: 700 }}>
              {number.format(item.value)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`upload.${item.key}`)}
            </Typography>
          </Box>
        ))}
      </Stack>
      {op.skipped > 0 && (
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void download()} disabled={busy}>
          {t('upload.downloadRejected')}
        </Button>
      )}
    </Box>
  );
}

/**
 * Bulk Upload (staff): the template, a file by drag-and-drop or picker, then the upload's progress until
 * its summary (added, rejected, already present) and the rejected rows as CSV. The page keeps the upload's
 * id, so closing the dialog or reloading the page does not lose it.
 */
export function BulkUploadDialog({ open, uploadId, onUploadStarted, onReset, onClose }: TBulkUploadDialogProps) {
  const { t } = useTranslation('sims');
  const { t: tUi } = useTranslation('ui');
  const id = useId();
  const { failure, message } = useSimMessages();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadSims();
  const progress = useSimOperation('upload', uploadId);
  const op = progress.data;
  const finished = isFinished(op);

  useEffect(() => {
    if (op?.status === 'DONE') void queryClient.invalidateQueries({ queryKey: simsResource.keys.list() });
  }, [op?.status, queryClient]);

  const start = async () => {
    if (!file) {
      setError(t('upload.chooseFirst'));
      return;
    }
    setError(null);
    try {
      const started = await upload.mutateAsync(file);
      queryClient.setQueryData(simOperationKey('upload', started.id), started);
      setFile(null);
      onUploadStarted(started.id);
    } catch (e) {
      setError(failure(e));
    }
  };

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadUploadTemplate(format);
    } catch (e) {
      notify.error(failure(e));
    }
  };

  const close = () => onClose(uploadId !== null && (finished || progress.isError));
  const another = () => {
    setError(null);
    onReset();
  };

  return (
    <Dialog open={open} onClose={upload.isPending ? undefined : close} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{t('upload.title')}</DialogTitle>
      <DialogContent>
        {!uploadId && (
          <>
            <DialogContentText sx={{ mb: 1 }}>{t('upload.text')}</DialogContentText>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1, fontFamily: 'monospace', wordBreak: 'break-word' }}>
              {SIM_UPLOAD_COLUMNS.join(', ')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
              <Button size="small" startIcon={<DownloadOutlined />} onClick={() => void template('csv')}>
                {t('upload.templateCsv')}
              </Button>
              <Button size="small" startIcon={<DownloadOutlined />} onClick={() => void template('xlsx')}>
                {t('upload.templateXlsx')}
              </Button>
            </Stack>
            <FileDropZone
              file={file}
              accept={ACCEPT}
              disabled={upload.isPending}
              onFile={(f) => {
                setFile(f);
                setError(null);
              }}
            />
            {upload.isPending && <OperationProgress op={undefined} label={t('upload.sending')} />}
          </>
        )}
        {uploadId && !finished && (
          <>
            <DialogContentText sx={{ mb: 1 }}>{t('upload.reading', { name: op?.fileName ?? '' })}</DialogContentText>
            <OperationProgress op={op} label={t('upload.progress')} />
            <Typography variant="body2" color="text.secondary">
              {t('upload.canClose')}
            </Typography>
          </>
        )}
        {uploadId && op?.status === 'DONE' && <UploadSummary op={op} />}
        {uploadId && op?.status === 'FAILED' && (
          <Alert severity="error" role="alert">
            {t('upload.failed', { error: message(op.error) })}
          </Alert>
        )}
        {uploadId && progress.isError && (
          <Alert severity="error" role="alert">
            {failure(progress.error)}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {!uploadId ? (
          <>
            <Button onClick={close} disabled={upload.isPending}>
              {tUi('cancel')}
            </Button>
            <Button variant="contained" onClick={() => void start()} disabled={upload.isPending}>
              {t('upload.start')}
            </Button>
          </>
        ) : (
          <>
            {(finished || progress.isError) && <Button onClick={another}>{t('upload.another')}</Button>}
            <Button variant="contained" onClick={close}>
              {tUi('close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
