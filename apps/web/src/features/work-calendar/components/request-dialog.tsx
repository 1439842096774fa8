import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TCalendarRequest } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { formatDateTime } from '@/lib/date';

type TRequestDialogProps = {
  request: TCalendarRequest;
  /** The request's type in the reader's words ("Cancel IP whitelist"). */
  typeLabel: string;
  /** The user may move and cancel scheduled whitelist cancellations. */
  canChange: boolean;
  onMove: () => void;
  onCancel: () => void;
  onClose: () => void;
};

/** A scheduled request of the calendar: what, when, for whom, a link to it, and Move / Cancel when it can change here. */
export function RequestDialog({ request, typeLabel, canChange, onMove, onCancel, onClose }: TRequestDialogProps) {
  const { t } = useTranslation('work-calendar');
  const id = useId();
  const changeable = canChange && request.movable;
  const rows: [string, string][] = [
    [t('details.scheduledAt'), `${formatDateTime(request.scheduledAt)} IST`],
    [t('details.sims'), String(request.simsCount)],
    [t('details.organization'), request.organization?.tradeName ?? t('details.provider')],
    [t('details.job'), request.batchJobId],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{typeLabel}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
          data-testid="calendar-request-details"
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 2 }}>
          <Link
            to={`/request/${encodeURIComponent(request.requestId)}`}
            aria-label={t('details.openLabel', { batchJobId: request.batchJobId })}
          >
            {t('details.open')}
          </Link>
        </Box>
        {canChange && !request.movable && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('details.fixed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {changeable && (
          <>
            <Button color="warning" onClick={onCancel}>
              {t('details.cancel')}
            </Button>
            <Button variant="outlined" onClick={onMove}>
              {t('details.move')}
            </Button>
          </>
        )}
        <Button variant={changeable ? 'text' : 'contained'} onClick={onClose} autoFocus>
          {t('details.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
