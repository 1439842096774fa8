import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isFinished, useSimOperation } from '../api/get-operation';
import { OperationProgress } from './operation-progress';

/** While the upload dialog is closed: the remembered upload's progress (or that it is done), and a way back to it. */
export function UploadBanner({ uploadId, onShow }: { uploadId: string; onShow: () => void }) {
  const { t } = useTranslation('sims');
  const progress = useSimOperation('upload', uploadId);
  const op = progress.data;
  const done = isFinished(op) || progress.isError;
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider', px: 2, py: 1.5, mb: 2 }} data-testid="upload-banner">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {done ? t('upload.bannerDone', { name: op?.fileName ?? '' }) : t('upload.reading', { name: op?.fileName ?? '' })}
          </Typography>
          {!done && <OperationProgress op={op} label={t('upload.progress')} />}
        </Stack>
        <Button variant="outlined" size="small" onClick={onShow} sx={{ flex: 'none' }}>
          {t(done ? 'upload.showResult' : 'upload.showProgress')}
        </Button>
      </Stack>
    </Card>
  );
}
