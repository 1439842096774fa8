import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';

const REVIEW_COLOR = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' } as const;

/** Where a group's newest entries are in the review: waiting, approved or rejected. */
export function ReviewChip({ status }: { status: TIpGroup['reviewStatus'] }) {
  const { t } = useTranslation('whitelists');
  return <Chip size="small" variant="outlined" color={REVIEW_COLOR[status]} label={t(`review.${status}`)} />;
}

/** The review of a row: its chip and, when rejected, the reason the customer is given. */
export function ReviewCell({ group }: { group: Pick<TIpGroup, 'reviewStatus' | 'reviewReason'> }) {
  const { t } = useTranslation('whitelists');
  const reason = group.reviewStatus === 'REJECTED' ? group.reviewReason : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ReviewChip status={group.reviewStatus} />
      {reason && (
        <Typography variant="body2" color="text.secondary" noWrap title={reason}>
          {t('review.reason', { reason })}
        </Typography>
      )}
    </Stack>
  );
}

/** Whether a group may be applied to more SIMs (Active) or not (Inactive). */
export function GroupStatusChip({ status }: { status: TIpGroup['status'] }) {
  const { t } = useTranslation('whitelists');
  return <Chip size="small" variant="outlined" color={status === 'ACTIVE' ? 'success' : 'default'} label={t(`status.${status}`)} />;
}
