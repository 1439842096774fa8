import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFirmware, TFirmwareUpdateResult } from '@tarang/shared/devices/firmware.schemas';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { requestHref } from '@/features/requests/components/requests-table';
import { indiaLocalToIso, isoToIndiaLocal } from '@/features/requests/utils/schedule';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { isApiError } from '@/lib/api-client';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDate, formatDateTime } from '@/lib/date';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useFirmware } from '../api/get-firmware';
import { useCheckFirmwareUpdate, useRequestFirmwareUpdate } from '../api/request-firmware-update';
import { useDeviceMessages } from '../utils/messages';

/** A device the firmware is for: its id, the IMEI the dialog names it by, and its make and model. */
export type TFirmwareTarget = { id: string; imei: string; make: string; model: string };

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;
/** The refusals listed; the rest are counted. */
const LISTED = 50;

type TDone = { id: string; batchJobId: string; accepted: number; version: string };

type TProps = {
  devices: readonly TFirmwareTarget[];
  onClose: () => void;
  /** After the request was made (the ticked devices are let go). */
  onRequested?: () => void;
};

const pairOf = (d: { make: string; model: string }) => `${d.make.trim().toLowerCase()}\u0000${d.model.trim().toLowerCase()}`;

/**
 * Update Firmware: a version of the catalogue for the devices' make and model (with its release notes and checksum),
 * an optional time to start, then a dry run naming each device that cannot take it (by IMEI, with why) before anything
 * is made; "Go ahead with the N that can" leaves those out. The request made is followed like any request.
 */
export function FirmwareUpdateDialog({ devices: given, onClose, onRequested }: TProps) {
  // The devices as they were when the dialog opened: the answer still names them once the ticks are cleared.
  const [devices] = useState(given);
  const { t, i18n } = useTranslation('devices');
  const { message, failure } = useDeviceMessages();
  const { user } = useSignedIn();
  const canViewRequest = useCan('request', 'viewDetails');
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
  const first = devices[0]!;
  const pairs = useMemo(() => new Set(devices.map(pairOf)).size, [devices]);
  const imeiOf = useMemo(() => new Map(devices.map((d) => [d.id, d.imei])), [devices]);

  const versions = useFirmware({ page: 1, limit: 100, make: first.make, model: first.model });
  const [firmwareId, setFirmwareId] = useState<string | null>(null);
  const choices: TFirmware[] = versions.data?.rows ?? [];
  const chosen = choices.find((f) => f.id === firmwareId) ?? choices[0] ?? null;

  const [scheduled, setScheduled] = useState(false);
  const [scheduleText, setScheduleText] = useState(() => isoToIndiaLocal(Date.now() + 3600_000));
  const scheduleIso = scheduled ? indiaLocalToIso(scheduleText) : null;
  const scheduleError = scheduled
    ? !scheduleIso
      ? t('firmware.scheduleInvalid')
      : Date.parse(scheduleIso) < Date.now()
        ? t('firmware.schedulePast')
        : null
    : null;

  const check = useCheckFirmwareUpdate();
  const send = useRequestFirmwareUpdate();
  const keeper = useRef(createIdempotencyKeeper());
  const [checked, setChecked] = useState<(TFirmwareUpdateResult & { firmware: TFirmware }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TDone | null>(null);
  const count = devices.length;
  const deviceIds = devices.map((d) => d.id);

  const runCheck = async (firmware: TFirmware) => {
    setError(null);
    try {
      const result = await check.mutateAsync({ firmwareId: firmware.id, deviceIds });
      setChecked({ ...result, firmware });
    } catch (e) {
      setError(failure(e));
    }
  };

  const submit = async () => {
    if (!checked) return;
    const body = {
      firmwareId: checked.firmware.id,
      deviceIds,
      ...(scheduleIso ? { scheduledAt: scheduleIso } : {}),
      ...(checked.refused.length ? { proceedWithValid: true } : {}),
    };
    setError(null);
    try {
      const result = await send.mutateAsync({ body, key: keeper.current.keyFor(body) });
      keeper.current.reset();
      const request = result.request;
      if (!request) return;
      watchRequest(user.id, { id: request.id, batchJobId: request.batchJobId, type: request.type });
      notify.success(t('firmware.requested', { batchJobId: request.batchJobId }));
      setDone({ id: request.id, batchJobId: request.batchJobId, accepted: result.accepted, version: checked.firmware.version });
      onRequested?.();
    } catch (e) {
      setError(failure(e));
      // The devices changed since the check (a SIM suspended, a version installed): the check is made again.
      if (isApiError(e) && e.status === 422) void runCheck(checked.firmware);
    }
  };

  const busy = check.isPending || send.isPending;
  const close = busy ? undefined : onClose;

  if (done) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('firmware.doneTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status" data-testid="firmware-requested">
            {t('firmware.done', {
              batchJobId: done.batchJobId,
              version: done.version,
              count: done.accepted,
              formatted: number.format(done.accepted),
            })}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {canViewRequest && (
            <Button component={RouterLink} to={requestHref(done.id)} variant="outlined">
              {t('actions.viewRequest', { batchJobId: done.batchJobId })}
            </Button>
          )}
          <Button variant="contained" onClick={onClose}>
            {t('actions.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (checked) {
    const { accepted, refused, firmware } = checked;
    const severity = accepted === 0 ? 'error' : refused.length ? 'warning' : 'success';
    return (
      <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('firmware.checkTitle', { version: firmware.version })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity={severity} role="status" data-testid="firmware-check">
              {accepted === 0
                ? t('firmware.noneCan', { count })
                : refused.length
                  ? t('firmware.someCan', { accepted: number.format(accepted), total: number.format(count), count })
                  : t('firmware.allCan', { count, formatted: number.format(count) })}
            </Alert>
            {refused.length > 0 && (
              <Box data-testid="firmware-refused">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('firmware.refused', { count: refused.length, formatted: number.format(refused.length) })}
                </Typography>
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {refused.slice(0, LISTED).map((r) => (
                    <Typography component="li" variant="body2" key={r.deviceId} sx={{ overflowWrap: 'anywhere' }}>
                      {t('firmware.refusedRow', { device: r.imei ?? imeiOf.get(r.deviceId) ?? r.deviceId, reason: message(r.reason) })}
                    </Typography>
                  ))}
                </Box>
                {refused.length > LISTED && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t('firmware.refusedMore', { formatted: number.format(refused.length - LISTED) })}
                  </Typography>
                )}
              </Box>
            )}
            {accepted > 0 && (
              <DialogContentText>
                {scheduleIso ? t('firmware.startsAt', { time: formatDateTime(scheduleIso) }) : t('firmware.startsNow')}
              </DialogContentText>
            )}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setChecked(null)} disabled={busy}>
            {t('firmware.back')}
          </Button>
          {accepted > 0 && (
            <Button variant="contained" onClick={() => void submit()} disabled={busy}>
              {refused.length
                ? t('firmware.proceed', { count: accepted, formatted: number.format(accepted) })
                : t('firmware.submit', { count: accepted, formatted: number.format(accepted) })}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('firmware.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {count === 1 ? t('firmware.textOne', { imei: first.imei }) : t('firmware.text', { formatted: number.format(count) })}
          </DialogContentText>
          {pairs > 1 && (
            <Alert severity="warning" data-testid="firmware-models">
              {t('firmware.severalModels', { count: pairs, make: first.make, model: first.model })}
            </Alert>
          )}
          {versions.isPending ? (
            <CircularProgress size={24} aria-label={t('firmware.loading')} />
          ) : versions.isError ? (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={() => void versions.refetch()}>
                  {t('firmware.retry')}
                </Button>
              }
            >
              {failure(versions.error)}
            </Alert>
          ) : !chosen ? (
            <Alert severity="info" data-testid="firmware-none">
              {t('firmware.noVersions', { make: first.make, model: first.model })}
            </Alert>
          ) : (
            <>
              <TextField
                select
                label={t('firmware.version', { make: first.make, model: first.model })}
                value={chosen.id}
                onChange={(e) => setFirmwareId(e.target.value)}
                size="small"
              >
                {choices.map((f) => (
                  <MenuItem key={f.id} value={f.id}>
                    {t('firmware.versionOption', { version: f.version, date: formatDate(f.createdAt) })}
                  </MenuItem>
                ))}
              </TextField>
              <FirmwareFacts firmware={chosen} />
              <FormControlLabel
                control={<Switch checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />}
                label={t('firmware.scheduleLater')}
              />
              {scheduled && (
                <TextField
                  type="datetime-local"
                  label={t('firmware.scheduleAt')}
                  value={scheduleText}
                  onChange={(e) => setScheduleText(e.target.value)}
                  error={!!scheduleError}
                  helperText={scheduleError ?? t('firmware.scheduleHelp')}
                  size="small"
                  sx={{ maxWidth: 320 }}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            </>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('firmware.cancel')}
        </Button>
        <Button variant="contained" disabled={!chosen || !!scheduleError || busy} onClick={() => chosen && void runCheck(chosen)}>
          {t('firmware.check')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A version's release notes and the SHA-256 of its file, as the device checks it before installing. */
export function FirmwareFacts({ firmware }: { firmware: TFirmware }) {
  const { t } = useTranslation('devices');
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }} data-testid="firmware-facts">
      <Typography component="dt" variant="caption" color="text.secondary">
        {t('firmware.releaseNotes')}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {firmware.releaseNotes || t('firmware.noNotes')}
      </Typography>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ mt: 1 }}>
        {t('firmware.checksum')}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, ...MONO, overflowWrap: 'anywhere' }}>
        {firmware.checksum}
      </Typography>
    </Box>
  );
}
