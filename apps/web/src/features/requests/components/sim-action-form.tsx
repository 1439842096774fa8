import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stableJson } from '@tarang/shared/common/stable-json';
import {
  REQUEST_ICCID_LIST_MAX,
  REQUEST_TRANSITIONS,
  SIM_ACTION_TYPES,
  type TRequestType,
} from '@tarang/shared/requests/request.constants';
import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useSignedIn } from '@/lib/auth';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { type TRequestBody, useCreateRequest, usePreviewRequest } from '../api/create-request';
import type { TRequest, TRequestPreview } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { EMPTY_LIST, parseIccidText, type TIccidList } from '../utils/iccid-list';
import { useRequestMessages } from '../utils/messages';
import { indiaLocalToIso, isoToIndiaLocal } from '../utils/schedule';
import type { TSimActionsEntry } from '../utils/sim-actions-entry';
import { watchRequest } from '../utils/watched-requests';
import { RequestCheck } from './request-check';
import { SimsSource, type TSourceState } from './sims-source';

const IMEI = /^\d{15}$/;
const REASON_MAX = 500;

export type TSimActionFormProps = {
  /** The actions the user's role allows, in catalogue order; one only for the termination screen. */
  actions: readonly TRequestType[];
  entry?: TSimActionsEntry;
  onCreated: (request: TRequest) => void;
  onCancel?: () => void;
};

function Section({ step, title, children, testId }: { step: number; title: string; children: ReactNode; testId?: string }) {
  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Box
            aria-hidden
            sx={{
              width: 28,
              height: 28,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              fontSize: '0.875rem',
              flex: 'none',
            }}
          >
            {step}
          </Box>
          <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

type TTarget = { iccids: string[] } | { fileId: string } | { filter: TSimFilter; limit?: number };

/**
 * A request on many SIMs (issue 5, /sim-actions, /request/add, /termination/add): which SIMs (a pasted list, a file,
 * or the inventory's filter), which action (only those the role allows), the per-SIM validation from the API's dry
 * run, then — leaving out the SIMs that cannot take it, if the user agrees — an optional schedule and reason, and the
 * request, sent with one Idempotency-Key per submission (the same key again on a retry).
 */
export function SimActionForm({ actions, entry, onCreated, onCancel }: TSimActionFormProps) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { user } = useSignedIn();
  const { failure } = useRequestMessages();
  const only = actions.length === 1 ? actions[0]! : null;

  const [source, setSource] = useState<TSourceState>(() => ({
    kind: entry?.filter ? 'filter' : 'paste',
    text: entry?.iccids?.join('\n') ?? '',
    file: null,
  }));
  const [action, setAction] = useState<TRequestType | ''>(
    () => only ?? (entry?.action && actions.includes(entry.action) ? entry.action : ''),
  );
  const [imei, setImei] = useState('');
  const [scheduled, setScheduled] = useState(false);
  const [scheduleText, setScheduleText] = useState(() => isoToIndiaLocal(Date.now() + 3600_000));
  const [reason, setReason] = useState('');
  const [proceed, setProceed] = useState(false);
  const [checked, setChecked] = useState<{
    print: string;
    preview: TRequestPreview;
    list: TIccidList | null;
    fromFile: boolean;
  } | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const keeper = useRef(createIdempotencyKeeper());
  const previewMutation = usePreviewRequest();
  const createMutation = useCreateRequest();

  const list: TIccidList = useMemo(() => {
    if (source.kind === 'paste') return parseIccidText(source.text);
    return EMPTY_LIST;
  }, [source.kind, source.text]);

  const fileId = source.kind === 'upload' ? (source.file?.id ?? null) : null;
  const target: TTarget | null = useMemo(() => {
    if (source.kind === 'filter') return entry?.filter ? { filter: entry.filter, ...(entry.limit ? { limit: entry.limit } : {}) } : null;
    // The server read the file: its ICCIDs are named by the file's id (rows without one were left out at upload).
    if (source.kind === 'upload') return fileId ? { fileId } : null;
    return list.iccids.length && !list.tooMany ? { iccids: list.iccids } : null;
  }, [source.kind, entry, list, fileId]);

  const sourceError =
    source.kind === 'filter'
      ? undefined
      : source.kind === 'upload'
        ? showErrors && !fileId
          ? t('errors.noFile')
          : undefined
        : list.tooMany
          ? t('errors.tooMany', { max: number.format(REQUEST_ICCID_LIST_MAX) })
          : list.iccids.length === 0 && (showErrors || list.issues.length > 0)
            ? t('errors.noSims')
            : undefined;
  const imeiError = action === 'IMEI_LOCK' && imei.trim() && !IMEI.test(imei.trim()) ? t('errors.imei') : undefined;
  const actionError = showErrors && !action ? t('errors.noAction') : undefined;

  // What the validation depends on; schedule and reason do not change it.
  const checkBody: TRequestBody | null =
    target && action && !imeiError
      ? ({ type: action, ...target, ...(action === 'IMEI_LOCK' && imei.trim() ? { imei: imei.trim() } : {}) } as TRequestBody)
      : null;
  const print = checkBody ? stableJson(checkBody) : null;
  const current = checked && checked.print === print ? checked : null;
  const invalidCount = current ? current.preview.invalid + (current.list?.issues.length ?? 0) : 0;

  const scheduleIso = scheduled ? indiaLocalToIso(scheduleText) : null;
  const scheduleError = scheduled
    ? !scheduleIso
      ? t('errors.scheduleInvalid')
      : Date.parse(scheduleIso) < Date.now()
        ? t('errors.schedulePast')
        : undefined
    : undefined;
  const reasonRequired = action === 'TERMINATE';
  const reasonError =
    reason.trim().length > REASON_MAX
      ? t('errors.reasonLong', { max: REASON_MAX })
      : showErrors && reasonRequired && !reason.trim()
        ? t('errors.reasonRequired')
        : undefined;

  const check = async () => {
    setShowErrors(true);
    setSubmitError(null);
    if (!checkBody || !print) return;
    // POST /termination checks its body whole, dry run or not: the reason comes first.
    if (reasonRequired && (!reason.trim() || reason.trim().length > REASON_MAX)) return;
    try {
      const preview = await previewMutation.mutateAsync(reasonRequired ? { ...checkBody, reason: reason.trim() } : checkBody);
      setChecked({
        print,
        preview,
        list: 'iccids' in checkBody && checkBody.iccids ? list : null,
        fromFile: 'fileId' in checkBody && !!checkBody.fileId,
      });
      setProceed(false);
    } catch (error) {
      setChecked(null);
      setSubmitError(failure(error));
    }
  };

  const submitBody = (): TRequestBody | null => {
    if (!checkBody || !current) return null;
    return {
      ...checkBody,
      ...(scheduleIso ? { scheduledAt: scheduleIso } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(current.preview.invalid > 0 ? { proceedWithValid: true } : {}),
    };
  };

  const canSubmit =
    !!current &&
    current.preview.valid > 0 &&
    (invalidCount === 0 || proceed) &&
    !scheduleError &&
    !(reasonRequired && !reason.trim()) &&
    reason.trim().length <= REASON_MAX;

  const submit = async () => {
    setShowErrors(true);
    setSubmitError(null);
    const body = submitBody();
    if (!body || !canSubmit) return;
    if (action === 'TERMINATE' && !confirming) {
      setConfirming(true);
      return;
    }
    try {
      const result = await createMutation.mutateAsync({ body, key: keeper.current.keyFor(body) });
      setConfirming(false);
      keeper.current.reset();
      if (!result.request) return;
      watchRequest(user.id, { id: result.request.id, batchJobId: result.request.batchJobId, type: result.request.type });
      onCreated(result.request);
    } catch (error) {
      setConfirming(false);
      setSubmitError(failure(error));
      // The SIMs changed since the check (422): check again so the preview shows what holds now.
      if (isApiError(error) && error.status === 422) void check();
    }
  };

  const transition = action ? REQUEST_TRANSITIONS[action] : null;
  const reasonField = (
    <TextField
      label={reasonRequired ? t('form.reasonRequired') : t('form.reason')}
      value={reason}
      onChange={(e) => setReason(e.target.value)}
      required={reasonRequired}
      error={!!reasonError}
      helperText={reasonError ?? (reasonRequired ? t('form.reasonTerminateHelp') : t('form.reasonHelp'))}
      multiline
      minRows={2}
      sx={reasonRequired ? { mt: 2, maxWidth: 640, display: 'flex' } : undefined}
    />
  );
  const busy = previewMutation.isPending || createMutation.isPending;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label={t('form.label')}
    >
      <Stack spacing={2.5}>
        <Section step={1} title={t('form.simsTitle')} testId="section-sims">
          <SimsSource
            state={source}
            onChange={setSource}
            filter={entry?.filter ?? null}
            limit={entry?.limit ?? null}
            fromSelection={entry?.iccids ? entry.iccids.length : null}
            list={list}
            error={sourceError}
          />
        </Section>

        <Section
          step={2}
          title={only ? t('form.actionTitleOne', { action: t(`types.${only}`) }) : t('form.actionTitle')}
          testId="section-action"
        >
          {only ? (
            <Typography variant="body2" color="text.secondary">
              {t(`typeHelp.${only}`)}
            </Typography>
          ) : (
            <RadioGroup
              name="action"
              value={action}
              onChange={(e) => setAction(e.target.value as TRequestType)}
              aria-label={t('form.actionTitle')}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, gap: 1 }}
            >
              {SIM_ACTION_TYPES.filter((type) => actions.includes(type)).map((type) => (
                <Box
                  key={type}
                  sx={{
                    border: 1,
                    borderColor: action === type ? 'primary.main' : 'divider',
                    borderRadius: 1.5,
                    px: 1.5,
                    py: 0.75,
                    bgcolor: action === type ? 'action.selected' : 'transparent',
                  }}
                >
                  <FormControlLabel
                    value={type}
                    control={<Radio size="small" />}
                    label={
                      <Box>
                        <Typography sx={{ fontWeight: 600 }} color={type === 'TERMINATE' ? 'error' : undefined}>
                          {t(`types.${type}`)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {t(`typeHelp.${type}`)}
                        </Typography>
                      </Box>
                    }
                    sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: 0.25 } }}
                  />
                </Box>
              ))}
            </RadioGroup>
          )}
          {actionError && (
            <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
              {actionError}
            </Typography>
          )}
          {transition && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="transition-help">
              {t('form.needs', {
                from: transition.from.map((s) => t(`simStatus.${s}`)).join(t('or')),
              })}
              {transition.to ? ` ${t('form.becomes', { to: t(`simStatus.${transition.to}`) })}` : ''}
            </Typography>
          )}
          {action === 'IMEI_LOCK' && (
            <TextField
              label={t('form.imei')}
              value={imei}
              onChange={(e) => setImei(e.target.value.replace(/\D/g, '').slice(0, 15))}
              error={!!imeiError}
              helperText={imeiError ?? t('form.imeiHelp')}
              size="small"
              sx={{ mt: 2, maxWidth: 320 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {action === 'TERMINATE' && (
            <>
              <Alert severity="error" variant="outlined" sx={{ mt: 2 }}>
                {t('form.terminateFinal')}
              </Alert>
              {reasonField}
            </>
          )}
        </Section>

        <Section step={3} title={t('form.checkTitle')} testId="section-check">
          <RequestCheck
            help={t('form.checkHelp')}
            stale={t('form.stale')}
            made={checked !== null}
            current={current}
            pending={previewMutation.isPending}
            busy={busy}
            onCheck={() => void check()}
            proceed={proceed}
            onProceed={setProceed}
          />
        </Section>

        <Section step={4} title={t('form.submitTitle')} testId="section-submit">
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormControlLabel
              control={<Switch checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />}
              label={t('form.scheduleLater')}
            />
            {scheduled && (
              <TextField
                type="datetime-local"
                label={t('form.scheduleAt')}
                value={scheduleText}
                onChange={(e) => setScheduleText(e.target.value)}
                error={!!scheduleError}
                helperText={scheduleError ?? t('form.scheduleHelp')}
                size="small"
                sx={{ maxWidth: 320 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {!reasonRequired && reasonField}
            {submitError && (
              <Alert severity="error" role="alert">
                {submitError}
              </Alert>
            )}
            {!current && (
              <Typography variant="body2" color="text.secondary">
                {t('form.checkFirst')}
              </Typography>
            )}
            <Stack direction="row" spacing={1.5}>
              <Button
                type="submit"
                variant="contained"
                color={action === 'TERMINATE' ? 'error' : 'primary'}
                startIcon={createMutation.isPending ? <CircularProgress size={16} color="inherit" /> : <SendOutlined />}
                disabled={!canSubmit || busy}
              >
                {current && action && current.preview.valid > 0
                  ? t('form.submitCount', {
                      action: t(`types.${action}`),
                      count: current.preview.valid,
                      formatted: number.format(current.preview.valid),
                    })
                  : t('form.submit')}
              </Button>
              {onCancel && (
                <Button onClick={onCancel} disabled={createMutation.isPending}>
                  {t('form.cancel')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Section>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('confirm.terminateTitle')}
        text={t('confirm.terminateText', { count: current?.preview.valid ?? 0, formatted: number.format(current?.preview.valid ?? 0) })}
        confirmLabel={t('confirm.terminateConfirm')}
        danger
        busy={createMutation.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** The actions a role allows at /sim-actions: every type with Sim Actions, TERMINATE with Add Termination. */
export function allowedActions(permissions: { simActions: boolean; addTermination: boolean }): TRequestType[] {
  return SIM_ACTION_TYPES.filter((type) => (type === 'TERMINATE' ? permissions.addTermination : permissions.simActions));
}
