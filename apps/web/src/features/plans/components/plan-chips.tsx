import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { useTranslation } from 'react-i18next';

/** Whether a plan is on sale (Active) or retired. */
export function PlanStatusChip({ status }: { status: TPlan['status'] }) {
  const { t } = useTranslation('plans');
  return <Chip size="small" variant="outlined" color={status === 'ACTIVE' ? 'success' : 'default'} label={t(`status.${status}`)} />;
}

/** The operators a plan works on, one chip each. */
export function OperatorChips({ operators }: { operators: readonly string[] }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {operators.map((operator) => (
        <Chip key={operator} size="small" label={operator} />
      ))}
    </Stack>
  );
}
