import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TActivationCreated } from '@tarang/shared/activations/activation.schemas';
import { formatPaise } from '@tarang/shared/format/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';

type TCost = TActivationCreated['cost'];

/** Whether the wallet can pay: available ≥ price × SIMs (in integer paise, compared exactly). */
export function canPay(cost: TCost): boolean {
  return BigInt(cost.available) >= BigInt(cost.amount);
}

function Line({ label, children, strong, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </>
  );
}

/**
 * What the activation costs, from the API's dry run: the plan, price × valid SIMs = amount, the wallet's available
 * balance and what is left after; a clear refusal when the wallet cannot pay.
 */
export function CostSummary({ cost, planName, walletOf }: { cost: TCost; planName: string; walletOf: string }) {
  const { t } = useTranslation('activations');
  const number = useNumberFormat();
  const enough = canPay(cost);
  const after = BigInt(cost.available) - BigInt(cost.amount);
  return (
    <Box
      data-testid="cost-summary"
      sx={{ border: 1, borderColor: enough ? 'divider' : 'error.main', borderRadius: 1.5, p: 2, maxWidth: 560 }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('cost.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 3, rowGap: 0.75 }}>
        <Line label={t('cost.plan')}>{planName}</Line>
        <Line label={t('cost.price')} testId="cost-price">
          {formatPaise(cost.price)}
        </Line>
        <Line label={t('cost.sims')} testId="cost-sims">
          {number.format(cost.sims)}
        </Line>
        <Line label={t('cost.amount')} strong testId="cost-amount">
          {t('cost.formula', { price: formatPaise(cost.price), sims: number.format(cost.sims), amount: formatPaise(cost.amount) })}
        </Line>
        <Line label={t('cost.available', { name: walletOf })} testId="cost-available">
          {formatPaise(cost.available)}
        </Line>
        <Line label={t('cost.after')} strong testId="cost-after">
          <Box component="span" sx={{ color: enough ? 'text.primary' : 'error.main' }}>
            {formatPaise(after)}
          </Box>
        </Line>
      </Box>
      {enough ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('cost.holdNote', { amount: formatPaise(cost.amount) })}
        </Typography>
      ) : (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }} data-testid="cost-short">
          {t('cost.short', {
            available: formatPaise(cost.available),
            needed: formatPaise(cost.amount),
            missing: formatPaise(-after),
          })}
        </Alert>
      )}
    </Box>
  );
}
