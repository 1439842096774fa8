import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { addDays } from '@tarang/shared/common/india-days';
import { FAILING_DAYS, type TDashboard } from '@tarang/shared/dashboard/dashboard.schemas';
import { formatPaise } from '@tarang/shared/format/money';
import { SIM_OPERATORS, SIM_STATUSES } from '@tarang/shared/sims/sim.constants';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { translateError } from '@/lib/i18n/i18n';

const NUMBER = new Intl.NumberFormat('en-IN');
/** Statuses whose expiry still matters: the expiring tiles' list leaves the terminated and replaced SIMs out. */
const LIVE_STATUSES = SIM_STATUSES.filter((s) => s !== 'TERMINATED' && s !== 'REPLACED');

type TTile = { id: string; label?: string; value?: string; detail?: string; to: string | null; tone?: 'error' | 'warning' };
/** While the figures load: empty tiles of the same size. */
const SKELETONS: TTile[] = Array.from({ length: 12 }, (_, i) => ({ id: `loading-${i}`, to: null }));

/** A link to a list, with the organisation selected on the dashboard kept as its filter. */
function listUrl(path: string, query: Record<string, string | undefined>, organizationId: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, organizationId: organizationId ?? undefined })) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The tiles of a dashboard's figures, each leading to the filtered list behind it. */
export function tilesOf(d: TDashboard, t: (key: string, o?: Record<string, unknown>) => string): TTile[] {
  const org = d.organizationId;
  const sims = (status?: string, operator?: string) =>
    d.sims.cells.filter((c) => (!status || c.status === status) && (!operator || c.operator === operator)).reduce((a, c) => a + c.count, 0);
  const n = (v: number) => NUMBER.format(v);
  const tiles: TTile[] = [
    { id: 'sims-total', label: t('tiles.simsTotal'), value: n(d.sims.total), to: listUrl('/sim-inventory', {}, org) },
    ...(['ACTIVE', 'SUSPENDED', 'IN_STOCK', 'ALLOCATED', 'BARRED'] as const).map((status) => ({
      id: `sims-${status}`,
      label: t(`status.${status}`),
      value: n(sims(status)),
      detail: SIM_OPERATORS.map((op) => `${op} ${n(sims(status, op))}`).join(' · '),
      to: listUrl('/sim-inventory', { status }, org),
    })),
    {
      id: 'activations',
      label: t('tiles.activations'),
      value: n(d.activations.today),
      detail: t('tiles.last7Days', { count: d.activations.last7Days }),
      to: listUrl('/activation', {}, null),
    },
    {
      id: 'terminations',
      label: t('tiles.terminations'),
      value: n(d.terminations.today),
      detail: t('tiles.last7Days', { count: d.terminations.last7Days }),
      to: listUrl('/sim-inventory', { status: 'TERMINATED' }, org),
    },
    {
      id: 'expiring-7',
      label: t('tiles.expiring7'),
      value: n(d.expiring.in7Days),
      to: listUrl('/sim-inventory', { status: LIVE_STATUSES.join(','), expiresFrom: d.today, expiresTo: addDays(d.today, 6) }, org),
      tone: d.expiring.in7Days > 0 ? 'warning' : undefined,
    },
    {
      id: 'expiring-30',
      label: t('tiles.expiring30'),
      value: n(d.expiring.in30Days),
      to: listUrl('/sim-inventory', { status: LIVE_STATUSES.join(','), expiresFrom: d.today, expiresTo: addDays(d.today, 29) }, org),
    },
    {
      id: 'requests-in-flight',
      label: t('tiles.inFlight'),
      value: n(d.requests.inFlight),
      to: listUrl('/job', { status: 'RUNNING' }, null),
    },
    {
      id: 'requests-failing',
      label: t('tiles.failing', { days: FAILING_DAYS }),
      value: n(d.requests.failing),
      to: listUrl('/job', { status: 'FAILED', from: addDays(d.today, 1 - FAILING_DAYS) }, null),
      tone: d.requests.failing > 0 ? 'error' : undefined,
    },
    {
      id: 'wallet',
      label: t('tiles.available'),
      value: formatPaise(d.wallet.available),
      detail:
        d.wallet.daysLeft === null
          ? t('tiles.noBurn')
          : t('tiles.burn', { amount: formatPaise(d.wallet.burnPerDay), days: d.wallet.daysLeft }),
      to: '/wallet',
      tone: d.wallet.daysLeft !== null && d.wallet.daysLeft < 7 ? 'warning' : undefined,
    },
    ...d.mnoJobs.map((m) => ({
      id: `mno-${m.operator}`,
      label: t('tiles.mno', { operator: m.operator }),
      value: n(m.stuck),
      detail: t('tiles.mnoDetail', { manual: m.manual, failing: m.failing }),
      to: '/report/mno-job-report',
      tone: m.stuck > 0 || m.failing > 0 ? ('error' as const) : undefined,
    })),
  ];
  return tiles;
}

/** The compact tile view (spec §2 /dashboard); `canOpen` says which list paths the user may open. */
export function DashboardTiles({
  data,
  error,
  canOpen,
}: {
  data: TDashboard | undefined;
  error: Error | null;
  canOpen: (path: string) => boolean;
}) {
  const { t } = useTranslation('dashboard');
  if (error) return <Alert severity="error">{translateError(error)}</Alert>;
  return (
    <Box
      component="ul"
      aria-label={t('tiles.heading')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', xl: 'repeat(6, 1fr)' },
      }}
    >
      {(data ? tilesOf(data, t) : SKELETONS).map((tile) => {
        const body = (
          <CardContent sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {tile.label ?? <Skeleton width="60%" />}
            </Typography>
            <Typography
              variant="h2"
              component="p"
              sx={{ fontSize: '1.6rem', my: 0.5, color: tile.tone ? `${tile.tone}.main` : 'text.primary' }}
              data-testid={data ? `tile-${tile.id}` : undefined}
            >
              {tile.value ?? <Skeleton width="40%" />}
            </Typography>
            {tile.detail && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {tile.detail}
              </Typography>
            )}
          </CardContent>
        );
        const path = tile.to?.split('?')[0];
        return (
          <Card key={tile.id} component="li" elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
            {tile.to && path && canOpen(path) ? (
              <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
                {body}
              </CardActionArea>
            ) : (
              body
            )}
          </Card>
        );
      })}
    </Box>
  );
}
