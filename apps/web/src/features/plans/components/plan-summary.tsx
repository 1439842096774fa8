import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPaise } from '@tarang/shared/format/money';
import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OperatorChips, PlanStatusChip } from './plan-chips';
import { usePlanFormat } from './use-plan-format';

export type TFigure = { label: string; value: ReactNode; strong?: boolean };

/** Figures as a definition list, side by side on wide screens. */
export function Figures({ figures }: { figures: readonly TFigure[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mt: 2, mb: 0, '& dd': { m: 0 } }}
    >
      {figures.map((f) => (
        <div key={f.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ fontWeight: f.strong ? 700 : 400 }}>
            {f.value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

/**
 * A plan at a glance on the share screen: what it gives (operators, data, SMS, validity, over-limit action) and the
 * caller's own price — the base price for staff, the price it was shared at for an organisation.
 */
export function PlanSummary({ plan, isStaff }: { plan: TPlan; isStaff: boolean }) {
  const { t } = useTranslation('plans');
  const format = usePlanFormat();
  const titleId = useId();
  const figures: TFigure[] = [
    { label: isStaff ? t('fields.basePrice') : t('fields.yourPrice'), value: formatPaise(plan.price), strong: true },
    { label: t('fields.operators'), value: <OperatorChips operators={plan.operators} /> },
    { label: t('fields.data'), value: format.data(plan.dataMb) },
    { label: t('fields.sms'), value: format.sms(plan.smsCount) },
    { label: t('fields.validity'), value: format.validity(plan.validityDays) },
    { label: t('fields.overLimitAction'), value: format.overLimit(plan.overLimitAction) },
    { label: t('fields.sharedCount'), value: plan.sharedCount },
  ];
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem' }}>
            {plan.name}
          </Typography>
          <PlanStatusChip status={plan.status} />
        </Stack>
        {plan.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {plan.description}
          </Typography>
        )}
        <Figures figures={figures} />
      </CardContent>
    </Card>
  );
}
