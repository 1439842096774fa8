import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPaise } from '@tarang/shared/format/money';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { isLowBalance } from '../utils/wallet-money';

type TFigure = { label: string; value: string; strong?: boolean; tone?: 'warning' };

/**
 * A wallet at a glance: its organisation, the balance, the money blocked for activations, what is available
 * (balance − blocked; in the warning colour under the low-balance threshold) and the threshold; `actions` beside the
 * title (Top up, Send Money, …).
 */
export function WalletSummary({ wallet, actions }: { wallet: TWallet; actions?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  const low = isLowBalance(wallet);
  const figures: TFigure[] = [
    { label: t('fields.available'), value: formatPaise(wallet.available), strong: true, tone: low ? 'warning' : undefined },
    { label: t('fields.balance'), value: formatPaise(wallet.balance) },
    { label: t('fields.blocked'), value: formatPaise(wallet.blocked) },
    {
      label: t('fields.lowBalanceThreshold'),
      value: wallet.lowBalanceThreshold === null ? t('summary.noThreshold') : formatPaise(wallet.lowBalanceThreshold),
    },
  ];
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: low ? 'warning.main' : 'divider' }} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem' }}>
              {wallet.organization?.tradeName ?? t('summary.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('summary.updatedAt', { at: formatDateTime(wallet.updatedAt) })}
            </Typography>
          </Box>
          {actions && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {actions}
            </Stack>
          )}
        </Stack>
        {low && (
          <Chip
            icon={<WarningAmberOutlined />}
            color="warning"
            variant="outlined"
            size="small"
            label={t('summary.low')}
            sx={{ mt: 1.5 }}
            data-testid="low-balance"
          />
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 2,
            mt: 2,
            mb: 0,
            '& dd': { m: 0 },
          }}
        >
          {figures.map((f) => (
            <div key={f.label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  fontWeight: f.strong ? 700 : 500,
                  fontSize: f.strong ? '1.375rem' : '1.0625rem',
                  color: f.tone ? `${f.tone}.main` : undefined,
                }}
              >
                {f.value}
              </Typography>
            </div>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
