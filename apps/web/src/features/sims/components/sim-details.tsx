import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import TroubleshootOutlined from '@mui/icons-material/TroubleshootOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TSimDetail, TSimProfile } from '@tarang/shared/sims/sim.schemas';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { SectionCard } from '@/components/ui/section-card';
import { useAccess, useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDate, formatDateTime } from '@/lib/date';
import { useSim } from '../api/get-sim';
import type { TMoveKind } from '../api/move-sims';
import { useSimMessages } from '../utils/messages';
import { DeviceDetailsDialog } from './device-details-dialog';
import { EditSimDialog } from './edit-sim-dialog';
import { ImeiLockDialog } from './imei-lock-dialog';
import { MoveSimsDialog } from './move-sims-dialog';
import { SimHistory } from './sim-history';
import { SimStatusChip } from './sim-status-chip';
import { simDiagnosisHref } from './sims-table';

const mono = { fontFamily: 'monospace', fontSize: '0.875rem' };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ProfilesTable({ primary, provisioned }: { primary: TSimProfile; provisioned: TSimProfile[] }) {
  const { t } = useTranslation('sims');
  const profiles = [
    { role: t('details.primary'), profile: primary },
    ...provisioned.map((p) => ({ role: t('details.provisioned'), profile: p })),
  ];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('details.profiles')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('details.profile')}</TableCell>
            <TableCell>{t('fields.iccid')}</TableCell>
            <TableCell>{t('fields.imsi')}</TableCell>
            <TableCell>{t('fields.msisdn')}</TableCell>
            <TableCell>{t('fields.operator')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {profiles.map(({ role, profile }) => (
            <TableRow key={profile.ICCID}>
              <TableCell>{role}</TableCell>
              <TableCell sx={mono}>{profile.ICCID}</TableCell>
              <TableCell sx={mono}>{profile.IMSI}</TableCell>
              <TableCell sx={mono}>{profile.MSISDN ?? '—'}</TableCell>
              <TableCell>{profile.operator}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

type TDialog = { kind: 'edit' } | { kind: 'imei' } | { kind: 'device' } | { kind: 'move'; move: TMoveKind } | null;

/**
 * One SIM (spec §2 /sim-details?number={ICCID}): profiles, status, organisation, settings, history and actions.
 * `sections` adds what other modules keep about the SIM (its whitelists, its usage), under the profiles.
 */
export function SimDetails({ iccid, sections }: { iccid: string; sections?: (sim: TSimDetail) => ReactNode }) {
  const { t } = useTranslation('sims');
  const { failure } = useSimMessages();
  const { user } = useSignedIn();
  const query = useSim(iccid);
  // The module itself must be granted (staff see every menu entry, but the server checks the role).
  const canEdit = useAccess().permissions.has('sim-actions');
  const canAllocate = useCan('sim-inventory', 'allocate');
  const canRollBack = useCan('sim-inventory', 'rollBack');
  const canDiagnose = useCan('sim-details', 'diagnose');
  const canFetchDevice = useCan('sim-details', 'fetchDeviceDetails');
  const canSeeOrganizations = useCan('organisation');
  const organizations = useOrganizationOptions(canSeeOrganizations || canAllocate);
  const [dialog, setDialog] = useState<TDialog>(null);

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={t('details.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity={(query.error as { status?: number }).status === 404 ? 'warning' : 'error'} role="alert">
        {(query.error as { status?: number }).status === 404 ? t('details.notFound', { iccid }) : failure(query.error)}
      </Alert>
    );
  }
  const sim: TSimDetail = query.data;
  const organizationName = (id: string) =>
    organizations.data?.find((o) => o.id === id)?.tradeName ?? (sim.organization?.id === id ? sim.organization.tradeName : null);
  // What the caller may move: allocation from stock is for staff, roll-back only of SIMs that are allocated.
  const allocatable = canAllocate && (sim.status === 'ALLOCATED' || (sim.status === 'IN_STOCK' && user.organization === null));
  const rollbackable = canRollBack && sim.status === 'ALLOCATED' && sim.organization?.id !== user.organization?.id;

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
          <SimStatusChip status={sim.status} />
          <Chip size="small" label={sim.profile} />
          {sim.imeiLock && <Chip size="small" icon={<LockOutlined />} label={t('details.imeiLocked')} />}
        </Stack>
        {canEdit && (
          <Button startIcon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit' })}>
            {t('details.edit')}
          </Button>
        )}
        {canEdit && (
          <Button startIcon={sim.imeiLock ? <LockOpenOutlined /> : <LockOutlined />} onClick={() => setDialog({ kind: 'imei' })}>
            {t(sim.imeiLock ? 'details.unlock' : 'details.lock')}
          </Button>
        )}
        {allocatable && (
          <Button variant="contained" onClick={() => setDialog({ kind: 'move', move: 'allocate' })}>
            {t('actions.allocate')}
          </Button>
        )}
        {rollbackable && (
          <Button variant="outlined" color="warning" onClick={() => setDialog({ kind: 'move', move: 'rollback' })}>
            {t('actions.rollBack')}
          </Button>
        )}
        {canFetchDevice && (
          <Button startIcon={<DevicesOtherOutlined />} onClick={() => setDialog({ kind: 'device' })}>
            {t('device.button')}
          </Button>
        )}
        {canDiagnose && (
          <Button startIcon={<TroubleshootOutlined />} component={RouterLink} to={simDiagnosisHref(sim.iccid)}>
            {t('actions.diagnose')}
          </Button>
        )}
      </Stack>

      <SectionCard title={t('details.profiles')}>
        <ProfilesTable primary={sim.primary} provisioned={sim.provisioned} />
      </SectionCard>
      {sections?.(sim)}

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <SectionCard title={t('details.overview')}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Field label={t('fields.status')}>
              {t(`status.${sim.status}`)}
              {sim.statusReason ? ` — ${sim.statusReason}` : ''}
            </Field>
            <Field label={t('fields.organization')}>{sim.organization?.tradeName ?? t('stock')}</Field>
            <Field label={t('fields.plan')}>{sim.planId ?? t('details.none')}</Field>
            <Field label={t('fields.activatedAt')}>{sim.activatedAt ? formatDateTime(sim.activatedAt) : t('details.none')}</Field>
            <Field label={t('fields.expiresAt')}>{sim.expiresAt ? formatDate(sim.expiresAt) : t('details.none')}</Field>
            <Field label={t('fields.apn')}>{sim.apn ?? t('details.none')}</Field>
            <Field label={t('fields.staticIp')}>{sim.staticIp ?? t('details.none')}</Field>
            <Field label={t('fields.imeiLock')}>
              {sim.imeiLock ? t('details.lockedTo', { imei: sim.lockedImei ?? '' }) : t('details.notLocked')}
              {sim.lastImei ? ` · ${t('details.lastSeen', { imei: sim.lastImei })}` : ''}
            </Field>
            <Field label={t('fields.label')}>{sim.label ?? t('details.none')}</Field>
            <Field label={t('fields.tags')}>
              {sim.tags.length ? (
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {sim.tags.map((tag) => (
                    <Chip key={tag} size="small" label={tag} component="span" />
                  ))}
                </Box>
              ) : (
                t('details.none')
              )}
            </Field>
            <Field label={t('fields.createdAt')}>{formatDateTime(sim.createdAt)}</Field>
            <Field label={t('fields.updatedAt')}>{formatDateTime(sim.updatedAt)}</Field>
          </Box>
        </SectionCard>
        <SectionCard title={t('history.title')}>
          <SimHistory history={sim.history} organizationName={organizationName} />
        </SectionCard>
      </Box>

      {dialog?.kind === 'edit' && <EditSimDialog sim={sim} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'imei' && <ImeiLockDialog sim={sim} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'device' && <DeviceDetailsDialog iccid={sim.iccid} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && (
        <MoveSimsDialog kind={dialog.move} target={{ kind: 'iccids', iccids: [sim.iccid] }} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
