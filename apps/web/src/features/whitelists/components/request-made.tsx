import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TRequest } from '@/features/requests/api/types';
import { requestHref } from '@/features/requests/components/requests-table';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { SIM_WHITELIST_KINDS } from '../utils/sim-whitelist-kinds';

type TRequestMadeProps = {
  kind: TWhitelistKind;
  request: Pick<TRequest, 'id' | 'batchJobId' | 'simsCount' | 'scheduledAt'>;
  /** Start again with other SIMs. */
  onAgain?: () => void;
};

/**
 * A whitelist request has been made: its batch job, how many SIM profiles it reaches, when it starts, and the ways on
 * (the request's page, the list of the kind). The console follows the request and says when it finishes.
 */
export function RequestMade({ kind, request, onAgain }: TRequestMadeProps) {
  const { t } = useTranslation('whitelists');
  const number = useNumberFormat();
  const canViewRequest = useCan('request', 'viewDetails');
  const scheduled = request.scheduledAt && Date.parse(request.scheduledAt) > Date.now() ? request.scheduledAt : null;
  return (
    <Alert severity="success" role="status" data-testid="request-made">
      <AlertTitle>{t('simWhitelists.made.title', { batchJobId: request.batchJobId })}</AlertTitle>
      {t('simWhitelists.made.profiles', { count: request.simsCount, formatted: number.format(request.simsCount) })}{' '}
      {scheduled ? t('simWhitelists.made.scheduled', { at: formatDateTime(scheduled) }) : t('simWhitelists.made.follow')}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {canViewRequest && (
          <Button component={RouterLink} to={requestHref(request.id)} variant="contained" size="small">
            {t('simWhitelists.actions.viewRequest', { batchJobId: request.batchJobId })}
          </Button>
        )}
        <Button component={RouterLink} to={SIM_WHITELIST_KINDS[kind].route} variant="outlined" size="small">
          {t(`simWhitelists.${SIM_WHITELIST_KINDS[kind].words}.backToList`)}
        </Button>
        {onAgain && (
          <Button onClick={onAgain} size="small">
            {t('simWhitelists.actions.again')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
