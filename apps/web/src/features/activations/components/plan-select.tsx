import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPaise } from '@tarang/shared/format/money';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import type { TPlanChoice } from '../api/get-plan-choices';

type TPlanSelectProps = {
  choices: readonly TPlanChoice[];
  value: string;
  onChange: (blueprintId: string) => void;
  loading: boolean;
  disabled?: boolean;
  error?: string;
  /** Shown when nothing can be chosen yet (staff: no organisation). */
  hint?: string;
};

const PLAN_AND_PRICE = { display: 'flex', justifyContent: 'space-between', gap: 3 } as const;

/** A plan's name and its price per SIM, side by side. */
function PlanAndPrice({ choice }: { choice: TPlanChoice }) {
  const { t } = useTranslation('activations');
  return (
    <>
      <span>{choice.name}</span>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('plan.perSim', { price: formatPaise(choice.price) })}
      </Typography>
    </>
  );
}

/** The plan to put on the SIMs: the buyer's blueprints, each with its price per SIM. */
export function PlanSelect({ choices, value, onChange, loading, disabled, error, hint }: TPlanSelectProps) {
  const { t } = useTranslation('activations');
  const number = useNumberFormat();
  const chosen = choices.find((c) => c.blueprintId === value);
  const details = chosen
    ? [
        chosen.validityDays !== null
          ? t('plan.validity', { count: chosen.validityDays, formatted: number.format(chosen.validityDays) })
          : null,
        chosen.dataMb !== null ? t('plan.data', { formatted: number.format(chosen.dataMb) }) : null,
        chosen.smsCount !== null ? t('plan.sms', { formatted: number.format(chosen.smsCount) }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  const empty = !loading && !disabled && choices.length === 0;
  return (
    <TextField
      select
      label={t('form.plan')}
      value={chosen ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled || loading || choices.length === 0}
      required
      error={!!error || empty}
      helperText={error ?? (empty ? t('form.noPlans') : (details ?? hint ?? (loading ? t('form.loadingPlans') : t('form.planHelp'))))}
      sx={{ minWidth: 280, maxWidth: 520 }}
      slotProps={{
        select: {
          // The chosen plan as the menu shows it: its name, then its price apart from it.
          renderValue: () =>
            chosen ? (
              <Box component="span" sx={PLAN_AND_PRICE}>
                <PlanAndPrice choice={chosen} />
              </Box>
            ) : (
              ''
            ),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {choices.map((c) => (
        <MenuItem key={c.blueprintId} value={c.blueprintId} sx={PLAN_AND_PRICE}>
          <PlanAndPrice choice={c} />
        </MenuItem>
      ))}
    </TextField>
  );
}
