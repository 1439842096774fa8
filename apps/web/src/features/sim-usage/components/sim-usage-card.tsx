import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { darken, lighten, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import {
  ALLOWANCE_WARN_SHARE,
  BYTES_PER_MB,
  type TSimUsage,
  type TUsageAllowance,
  type TUsageDay,
} from '@tarang/shared/sims/usage.schemas';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { VISUALLY_HIDDEN } from '@/components/ui/visually-hidden';
import { useAccess } from '@/lib/auth';
import { displayDay, formatDate } from '@/lib/date';
import { translateError } from '@/lib/i18n/i18n';
import { useSimUsage } from '../api/get-sim-usage';

const ONE_DECIMAL = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** The MB axis's ticks: small figures keep their digits (a telemetry SIM sends kilobytes a day). */
const TICK = new Intl.NumberFormat('en-IN', { maximumSignificantDigits: 3 });

/**
 * Bytes as MB (of 1,048,576 bytes, as the operators count) with one decimal; some use below that is "< 0.1", not a
 * 0.0 that reads as none.
 */
function formatMb(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  return bytes > 0 && mb < 0.05 ? '< 0.1' : ONE_DECIMAL.format(mb);
}

/** YYYY-MM-DD as DD/MM: the chart's days. */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** The larger of the data and SMS shares of the allowance used (as the diagnosis counts it). */
function allowanceShare(a: TUsageAllowance): number {
  const share = (used: number, allowed: number) => (allowed > 0 ? used / allowed : used > 0 ? Number.POSITIVE_INFINITY : 0);
  return Math.max(share(a.usedBytes, a.dataMb * BYTES_PER_MB), share(a.usedSms, a.smsCount));
}

function Allowance({ allowance }: { allowance: TUsageAllowance }) {
  const { t } = useTranslation('sim-usage');
  const share = allowanceShare(allowance);
  const state = share >= 1 ? 'error' : share >= ALLOWANCE_WARN_SHARE ? 'warning' : 'primary';
  const used = t('allowance.used', {
    usedMb: formatMb(allowance.usedBytes),
    dataMb: WHOLE.format(allowance.dataMb),
    usedSms: WHOLE.format(allowance.usedSms),
    smsCount: WHOLE.format(allowance.smsCount),
    from: formatDate(allowance.periodStart),
    to: formatDate(allowance.periodEnd),
  });
  return (
    <Stack spacing={0.75} data-testid="usage-allowance" data-state={state}>
      <Typography variant="subtitle2" component="h3">
        {t('allowance.title', { plan: allowance.planName })}
      </Typography>
      <LinearProgress
        variant="determinate"
        color={state}
        value={Math.min(100, Math.round(share * 100))}
        aria-label={t('allowance.label')}
        aria-valuetext={used}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2">{used}</Typography>
      <Typography variant="caption" color={state === 'primary' ? 'text.secondary' : `${state}.main`}>
        {t(`allowance.overLimit.${allowance.overLimitAction}`, { defaultValue: allowance.overLimitAction })}
      </Typography>
    </Stack>
  );
}

/** The days as a table, for screen readers: what the charts draw. */
function UsageTable({ days }: { days: TUsageDay[] }) {
  const { t } = useTranslation('sim-usage');
  const figure = (day: TUsageDay, text: string) => (day.reported ? text : '—');
  return (
    <Table size="small" sx={VISUALLY_HIDDEN}>
      <caption>{t('table.caption', { count: days.length })}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('table.day')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('table.down')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('table.up')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('table.sent')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('table.received')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((d) => (
          <TableRow key={d.day} data-day={d.day}>
            <TableCell component="th" scope="row">
              {displayDay(d.day)}
            </TableCell>
            <TableCell>{figure(d, formatMb(d.bytesDown))}</TableCell>
            <TableCell>{figure(d, formatMb(d.bytesUp))}</TableCell>
            <TableCell>{figure(d, WHOLE.format(d.smsMo))}</TableCell>
            <TableCell>{figure(d, WHOLE.format(d.smsMt))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Data per day (down and up, stacked, in MB) over SMS per day (sent and received); a day not reported says so. */
function UsageCharts({ days }: { days: TUsageDay[] }) {
  const { t } = useTranslation('sim-usage');
  const theme = useTheme();
  // The second series of a stack: a paler (on dark paper, deeper) shade of the first's colour.
  const shade = (color: string) => (theme.palette.mode === 'dark' ? darken(color, 0.45) : lighten(color, 0.55));
  const labels = days.map((d) => shortDay(d.day));
  // A tooltip's value: the day's figure with its unit, or that the day was not reported.
  const tip =
    (figure: (d: TUsageDay) => string) =>
    (_: number | null, { dataIndex }: { dataIndex: number }) => {
      const day = days[dataIndex];
      return day?.reported ? figure(day) : t('chart.notReported');
    };
  const inMb = (bytes: number) => `${formatMb(bytes)} ${t('chart.MB')}`;
  const inSms = (count: number) => `${WHOLE.format(count)} ${t('chart.SMS')}`;
  // Every fifth day is named (every tenth on a phone), counted back from the last, so the latest day always is.
  const every = useMediaQuery(theme.breakpoints.down('sm')) ? 10 : 5;
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: labels,
      tickLabelInterval: (_: string, index: number) => (days.length - 1 - index) % every === 0,
    },
  ];
  return (
    // A picture for the eye (the pointer shows a day's figures); the table beside it says the same to screen readers,
    // so the charts take no focus.
    <Box aria-hidden data-testid="usage-chart">
      <BarChart
        height={240}
        xAxis={xAxis}
        yAxis={[{ label: t('chart.MB'), width: 56, valueFormatter: (v: number) => TICK.format(v) }]}
        series={[
          {
            data: days.map((d) => d.bytesDown / BYTES_PER_MB),
            label: t('chart.down'),
            stack: 'data',
            color: theme.palette.primary.main,
            valueFormatter: tip((d) => inMb(d.bytesDown)),
          },
          {
            data: days.map((d) => d.bytesUp / BYTES_PER_MB),
            label: t('chart.up'),
            stack: 'data',
            color: shade(theme.palette.primary.main),
            valueFormatter: tip((d) => inMb(d.bytesUp)),
          },
        ]}
        margin={{ top: 8, right: 20, bottom: 0, left: 0 }}
        disableKeyboardNavigation
      />
      <BarChart
        height={150}
        xAxis={xAxis}
        yAxis={[{ label: t('chart.SMS'), width: 56, tickMinStep: 1 }]}
        series={[
          {
            data: days.map((d) => d.smsMo),
            label: t('chart.sent'),
            stack: 'sms',
            color: theme.palette.secondary.main,
            valueFormatter: tip((d) => inSms(d.smsMo)),
          },
          {
            data: days.map((d) => d.smsMt),
            label: t('chart.received'),
            stack: 'sms',
            color: shade(theme.palette.secondary.main),
            valueFormatter: tip((d) => inSms(d.smsMt)),
          },
        ]}
        margin={{ top: 8, right: 20, bottom: 0, left: 0 }}
        disableKeyboardNavigation
      />
    </Box>
  );
}

function Usage({ usage }: { usage: TSimUsage }) {
  const { t } = useTranslation('sim-usage');
  const reported = usage.days.filter((d) => d.reported);
  const bytes = reported.reduce((sum, d) => sum + d.bytesUp + d.bytesDown, 0);
  const sent = reported.reduce((sum, d) => sum + d.smsMo, 0);
  const received = reported.reduce((sum, d) => sum + d.smsMt, 0);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' } }}>
        {usage.ingestedThrough ? (
          <Typography data-testid="usage-total">
            {t('total', { count: usage.days.length, mb: formatMb(bytes), sent: WHOLE.format(sent), received: WHOLE.format(received) })}
          </Typography>
        ) : (
          <Typography data-testid="usage-empty">{t('notIngested')}</Typography>
        )}
        {usage.ingestedThrough && (
          <Typography variant="caption" color="text.secondary">
            {t('asOf', { day: displayDay(usage.ingestedThrough) })}
          </Typography>
        )}
      </Stack>
      {usage.ingestedThrough && reported.length === 0 && (
        <Typography color="text.secondary" data-testid="usage-empty">
          {t('nothingReported', { count: usage.days.length })}
        </Typography>
      )}
      {reported.length > 0 && (
        <Box sx={{ position: 'relative' }}>
          <UsageCharts days={usage.days} />
          <UsageTable days={usage.days} />
        </Box>
      )}
      {usage.allowance ? (
        <Allowance allowance={usage.allowance} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('allowance.none')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The SIM details page's usage: data per India day over the last 30 days (down and up, stacked, in MB) and SMS sent
 * and received, their totals, and the SIM's use of its plan's allowance over the plan's period — warning from 80%,
 * an error once used up — with what the plan does past it. Left out for a role without SIM details.
 */
export function SimUsageCard({ sim }: { sim: TSimDetail }) {
  const { t } = useTranslation('sim-usage');
  const allowed = useAccess().permissions.has('sim-details');
  const query = useSimUsage(sim.iccid, allowed);
  if (!allowed) return null;
  return (
    <SectionCard title={t('title')}>
      {query.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={t('loading')} />
        </Box>
      ) : query.isError ? (
        <Alert severity="error" role="alert">
          {translateError(query.error)}
        </Alert>
      ) : (
        <Usage usage={query.data} />
      )}
    </SectionCard>
  );
}
