import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { addDays, indiaDay } from '@tarang/shared/common/india-days';
import { type TDashboardTrends, TREND_DAYS_DEFAULT } from '@tarang/shared/dashboard/dashboard.schemas';
import { formatPaise } from '@tarang/shared/format/money';
import { SIM_OPERATORS } from '@tarang/shared/sims/sim.constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { translateError } from '@/lib/i18n/i18n';
import { useDashboardTrends } from '../api/get-dashboard';
import { DashboardTiles } from './dashboard-tiles';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{24}$/;
const NUMBER = new Intl.NumberFormat('en-IN');
/** DD/MM of an ISO day, for chart ticks. */
const tick = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** dashboardv2: the tiles, charts over a date range, and a drill-down by organisation (all kept in the address). */
export function DashboardTrends({ canOpen }: { canOpen: (path: string) => boolean }) {
  const { t } = useTranslation('dashboard');
  const theme = useTheme();
  const [params, setParams] = useSearchParams();
  const today = indiaDay(new Date());
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : today;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : addDays(to, 1 - TREND_DAYS_DEFAULT);
  const rawOrg = params.get('organizationId');
  const organizationId = rawOrg && ID.test(rawOrg) ? rawOrg : null;
  const trail = (params.get('trail') ?? '').split(',').filter((id) => ID.test(id));
  const query = useDashboardTrends({ organizationId, from, to });
  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
      return next;
    });
  const data: TDashboardTrends | undefined = query.data;
  const statuses = data ? [...new Set(data.dashboard.sims.cells.map((c) => c.status))] : [];
  const colors = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.warning.main];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="date"
          size="small"
          label={t('trends.from')}
          value={from}
          onChange={(e) => DAY.test(e.target.value) && set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to, 'data-testid': 'trends-from' } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('trends.to')}
          value={to}
          onChange={(e) => DAY.test(e.target.value) && set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from, 'data-testid': 'trends-to' } }}
        />
        {organizationId && (
          <Button
            variant="outlined"
            onClick={() => set({ organizationId: trail.at(-1) ?? null, trail: trail.slice(0, -1).join(',') || null })}
            data-testid="trends-up"
          >
            {t('trends.back')}
          </Button>
        )}
      </Stack>
      {query.error && <Alert severity="error">{translateError(query.error)}</Alert>}
      <DashboardTiles data={data?.dashboard} error={null} canOpen={canOpen} />
      {data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <SectionCard title={t('trends.perDay')}>
            <Box data-testid="chart-per-day">
              <BarChart
                height={260}
                xAxis={[{ scaleType: 'band', data: data.days.map((d) => tick(d.day)) }]}
                yAxis={[{ min: 0, tickMinStep: 1, width: 48, valueFormatter: (v: number) => NUMBER.format(v) }]}
                series={[
                  { data: data.days.map((d) => d.activations), label: t('trends.activations'), color: theme.palette.success.main },
                  { data: data.days.map((d) => d.terminations), label: t('trends.terminations'), color: theme.palette.error.main },
                ]}
              />
            </Box>
          </SectionCard>
          <SectionCard title={t('trends.byStatus')}>
            <Box data-testid="chart-by-status">
              <BarChart
                height={260}
                xAxis={[{ scaleType: 'band', data: statuses.map((s) => t(`status.${s}`)) }]}
                yAxis={[{ min: 0, tickMinStep: 1, width: 48, valueFormatter: (v: number) => NUMBER.format(v) }]}
                series={SIM_OPERATORS.map((op, i) => ({
                  data: statuses.map((s) => data.dashboard.sims.cells.find((c) => c.status === s && c.operator === op)?.count ?? 0),
                  label: op,
                  stack: 'operator',
                  color: colors[i],
                }))}
              />
            </Box>
          </SectionCard>
          <SectionCard title={t('trends.spentPerDay')}>
            <Box data-testid="chart-spent">
              <LineChart
                height={240}
                xAxis={[{ scaleType: 'point', data: data.days.map((d) => tick(d.day)) }]}
                yAxis={[{ width: 64, tickMinStep: 1, valueFormatter: (v: number) => NUMBER.format(v) }]}
                series={[
                  {
                    data: data.days.map((d) => d.spent / 100),
                    label: t('trends.spent'),
                    area: true,
                    showMark: false,
                    valueFormatter: (v: number | null) => formatPaise(Math.round((v ?? 0) * 100)),
                  },
                ]}
              />
            </Box>
          </SectionCard>
          <SectionCard title={t('trends.expiringPerDay')}>
            <Box data-testid="chart-expiring">
              <BarChart
                height={240}
                xAxis={[{ scaleType: 'band', data: data.days.map((d) => tick(d.day)) }]}
                yAxis={[{ min: 0, tickMinStep: 1, width: 48, valueFormatter: (v: number) => NUMBER.format(v) }]}
                series={[{ data: data.days.map((d) => d.expiring), label: t('trends.expiring'), color: theme.palette.warning.main }]}
              />
            </Box>
          </SectionCard>
        </Box>
      )}
      {data && (
        <SectionCard title={t('trends.drillDown')}>
          {data.organizations.length === 0 ? (
            <Typography color="text.secondary">{t('trends.drillDownEmpty')}</Typography>
          ) : (
            <Table size="small" aria-label={t('trends.drillDown')} data-testid="drill-down">
              <TableHead>
                <TableRow>
                  <TableCell>{t('trends.columns.organization')}</TableCell>
                  <TableCell align="right">{t('trends.columns.sims')}</TableCell>
                  <TableCell align="right">{t('trends.columns.active')}</TableCell>
                  <TableCell align="right">{t('trends.columns.activations')}</TableCell>
                  <TableCell align="right">{t('trends.columns.available')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.organizations.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell component="th" scope="row">
                      <Link
                        component="button"
                        type="button"
                        aria-label={t('trends.open', { name: o.tradeName })}
                        onClick={() =>
                          set({ organizationId: o.id, trail: [...trail, organizationId ?? ''].filter(Boolean).join(',') || null })
                        }
                      >
                        {o.tradeName}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{NUMBER.format(o.sims)}</TableCell>
                    <TableCell align="right">{NUMBER.format(o.active)}</TableCell>
                    <TableCell align="right">{NUMBER.format(o.activationsInRange)}</TableCell>
                    <TableCell align="right">{formatPaise(o.available)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </SectionCard>
      )}
    </Stack>
  );
}
