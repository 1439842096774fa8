import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stableJson } from '@tarang/shared/common/stable-json';
import { REQUEST_ICCID_LIST_MAX } from '@tarang/shared/requests/request.constants';
import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import type { TRequest, TRequestPreview } from '@/features/requests/api/types';
import { RequestCheck } from '@/features/requests/components/request-check';
import { EMPTY_SOURCE, SimsSource, type TSourceState } from '@/features/requests/components/sims-source';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { EMPTY_LIST, parseIccidText, type TIccidList } from '@/features/requests/utils/iccid-list';
import { indiaLocalToIso, isoToIndiaLocal } from '@/features/requests/utils/schedule';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { isApiError } from '@/lib/api-client';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { type TApplyBody, useApplySimWhitelist, usePreviewSimWhitelist } from '../api/apply-sim-whitelist';
import { useGroupChoices } from '../api/get-group-choices';
import { SIM_WHITELIST_KINDS } from '../utils/sim-whitelist-kinds';
import { aboutGroup, useSimWhitelistMessages } from '../utils/sim-whitelist-messages';
import { GroupSelect } from './group-select';
import { RequestMade } from './request-made';
import { useOrganizationReach } from './use-organization-reach';

/** SIMs handed over by another screen (the inventory's selection or filter), as /sim-actions takes them. */
export type TSimWhitelistEntry = { iccids: string[] | null; filter: TSimFilter | null; limit: number | null };

type TTarget = { iccids: string[] } | { fileId: string } | { filter: TSimFilter; limit?: number };

type TChecked = { print: string; preview: TRequestPreview; list: TIccidList | null; fromFile: boolean };

type TSimWhitelistFormProps = {
  kind: TWhitelistKind;
  entry?: TSimWhitelistEntry;
  onCancel?: () => void;
};

/**
 * Whitelist IP / Whitelist numbers on SIMs (/white-listing/ip/add, /white-listing/numbers/add): the group, the SIMs (a
 * pasted list, a file, or the inventory's filter — as Sim Actions takes them), the API's dry run (which SIMs can take
 * it, and why not the others), an optional schedule, then — once the user confirms — the request, sent with one
 * Idempotency-Key per submission. The group goes onto every profile of each SIM, in place of what it holds; the
 * console follows the request and says when it finishes.
 */
export function SimWhitelistForm({ kind, entry, onCancel }: TSimWhitelistFormProps) {
  const info = SIM_WHITELIST_KINDS[kind];
  const { t } = useTranslation('whitelists');
  const { t: tr } = useTranslation('requests');
  const number = useNumberFormat();
  const { user } = useSignedIn();
  const { failure } = useSimWhitelistMessages();
  const reach = useOrganizationReach();
  const canListGroups = useCan(info.groupModule);
  const groups = useGroupChoices(kind, { applicable: true, enabled: canListGroups });

  const [groupId, setGroupId] = useState('');
  const [source, setSource] = useState<TSourceState>(() => ({
    kind: entry?.filter ? 'filter' : 'paste',
    text: entry?.iccids?.join('\n') ?? '',
    file: null,
  }));
  const [scheduled, setScheduled] = useState(false);
  const [scheduleText, setScheduleText] = useState(() => isoToIndiaLocal(Date.now() + 3600_000));
  const [proceed, setProceed] = useState(false);
  const [checked, setChecked] = useState<TChecked | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [groupRefusal, setGroupRefusal] = useState<{ groupId: string; message: string } | null>(null);
  const [created, setCreated] = useState<TRequest | null>(null);
  const keeper = useRef(createIdempotencyKeeper());
  const previewMutation = usePreviewSimWhitelist();
  const createMutation = useApplySimWhitelist(kind);

  const choices = groups.data ?? [];
  const group = choices.find((g) => g.id === groupId) ?? null;
  const list: TIccidList = useMemo(() => (source.kind === 'paste' ? parseIccidText(source.text) : EMPTY_LIST), [source.kind, source.text]);
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
          ? tr('errors.noFile')
          : undefined
        : list.tooMany
          ? tr('errors.tooMany', { max: number.format(REQUEST_ICCID_LIST_MAX) })
          : list.iccids.length === 0 && (showErrors || list.issues.length > 0)
            ? tr('errors.noSims')
            : undefined;
  const groupError =
    (groupRefusal && groupRefusal.groupId === groupId ? groupRefusal.message : undefined) ??
    (showErrors && !group && canListGroups && choices.length > 0 ? t('simWhitelists.form.noGroup') : undefined);

  // What the check depends on: the group and the SIMs; the start time does not change it.
  const checkBody: TApplyBody | null = group && target ? { groupId: group.id, ...target } : null;
  const print = checkBody ? stableJson(checkBody) : null;
  const current = checked && checked.print === print ? checked : null;
  const preview = current?.preview ?? null;
  const invalidCount = current && preview ? preview.invalid + (current.list?.issues.length ?? 0) : 0;

  const scheduleIso = scheduled ? indiaLocalToIso(scheduleText) : null;
  const scheduleError = scheduled
    ? !scheduleIso
      ? tr('errors.scheduleInvalid')
      : Date.parse(scheduleIso) < Date.now()
        ? tr('errors.schedulePast')
        : undefined
    : undefined;

  /** A refusal in the reader's words; one about the group also goes under the picker. */
  const refused = (error: unknown, forGroup: string): string => {
    const message = failure(error);
    if (aboutGroup(error)) setGroupRefusal({ groupId: forGroup, message });
    return message;
  };

  /** The dry run. After a refused confirmation it runs again and the refusal stays on screen (`keepError`). */
  const check = async (keepError = false) => {
    setShowErrors(true);
    if (!keepError) setSubmitError(null);
    if (!checkBody || !print) return;
    try {
      const result = await previewMutation.mutateAsync({ kind, method: 'POST', body: checkBody });
      setChecked({ print, preview: result, list: 'iccids' in checkBody ? list : null, fromFile: 'fileId' in checkBody });
      setProceed(false);
      setGroupRefusal(null);
    } catch (error) {
      setChecked(null);
      const message = refused(error, checkBody.groupId);
      if (!keepError) setSubmitError(message);
    }
  };

  const submitBody = (): TApplyBody | null => {
    if (!checkBody || !preview) return null;
    return {
      ...checkBody,
      ...(scheduleIso ? { scheduledAt: scheduleIso } : {}),
      ...(preview.invalid > 0 ? { proceedWithValid: true } : {}),
    };
  };

  const canSubmit = !!preview && preview.valid > 0 && (invalidCount === 0 || proceed) && !scheduleError;

  const submit = async () => {
    setShowErrors(true);
    setSubmitError(null);
    const body = submitBody();
    if (!body || !canSubmit) return;
    try {
      const result = await createMutation.mutateAsync({ kind, method: 'POST', body, key: keeper.current.keyFor(body) });
      setConfirming(false);
      keeper.current.reset();
      if (!result.request) return;
      watchRequest(user.id, { id: result.request.id, batchJobId: result.request.batchJobId, type: result.request.type });
      setCreated(result.request);
    } catch (error) {
      setConfirming(false);
      setSubmitError(refused(error, body.groupId));
      // The SIMs or the group changed since the check (422): check again so the preview shows what holds now.
      if (isApiError(error) && error.status === 422) void check(true);
    }
  };

  const again = () => {
    setCreated(null);
    setChecked(null);
    setSource(EMPTY_SOURCE);
    setProceed(false);
    setShowErrors(false);
    setSubmitError(null);
  };

  if (created) return <RequestMade kind={kind} request={created} onAgain={again} />;

  const busy = previewMutation.isPending || createMutation.isPending;
  const groupName = group?.name ?? '';
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit) setConfirming(true);
        else setShowErrors(true);
      }}
      aria-label={t(`simWhitelists.${info.words}.formLabel`)}
    >
      <Stack spacing={2.5}>
        <SectionCard title={t('simWhitelists.form.groupTitle')}>
          <GroupSelect
            kind={kind}
            choices={choices}
            value={groupId}
            onChange={(id) => {
              setGroupId(id);
              setSubmitError(null);
            }}
            loading={canListGroups && groups.isPending}
            forbidden={!canListGroups}
            showOrganization={reach.many}
            error={groupError ?? (groups.isError ? failure(groups.error) : undefined)}
          />
        </SectionCard>

        <SectionCard title={t('simWhitelists.form.simsTitle')}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('simWhitelists.form.simsHelp')}
            </Typography>
            <SimsSource
              state={source}
              onChange={setSource}
              filter={entry?.filter ?? null}
              limit={entry?.limit ?? null}
              fromSelection={entry?.iccids ? entry.iccids.length : null}
              list={list}
              error={sourceError}
            />
          </Stack>
        </SectionCard>

        <SectionCard title={t('simWhitelists.form.checkTitle')}>
          <RequestCheck
            help={t('simWhitelists.form.checkHelp')}
            stale={t('simWhitelists.form.stale')}
            made={checked !== null}
            current={current && preview ? { preview, list: current.list, fromFile: current.fromFile } : null}
            pending={previewMutation.isPending}
            busy={busy}
            onCheck={() => void check()}
            proceed={proceed}
            onProceed={setProceed}
            testId="section-check"
          />
        </SectionCard>

        <SectionCard title={t('simWhitelists.form.submitTitle')}>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormControlLabel
              control={<Switch checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />}
              label={t('simWhitelists.form.scheduleLater')}
            />
            {scheduled && (
              <TextField
                type="datetime-local"
                label={tr('form.scheduleAt')}
                value={scheduleText}
                onChange={(e) => setScheduleText(e.target.value)}
                error={!!scheduleError}
                helperText={scheduleError ?? t('simWhitelists.form.scheduleHelp')}
                size="small"
                sx={{ maxWidth: 320 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {submitError && (
              <Alert severity="error" role="alert" data-testid="submit-error">
                {submitError}
              </Alert>
            )}
            {!current && (
              <Typography variant="body2" color="text.secondary">
                {t('simWhitelists.form.checkFirst')}
              </Typography>
            )}
            <Stack direction="row" spacing={1.5}>
              <Button
                type="submit"
                variant="contained"
                startIcon={createMutation.isPending ? <CircularProgress size={16} color="inherit" /> : <PlaylistAddCheckOutlined />}
                disabled={!canSubmit || busy}
              >
                {preview && preview.valid > 0
                  ? t('simWhitelists.form.submitCount', { count: preview.valid, formatted: number.format(preview.valid), group: groupName })
                  : t('simWhitelists.form.submit')}
              </Button>
              {onCancel && (
                <Button onClick={onCancel} disabled={createMutation.isPending}>
                  {t('simWhitelists.form.cancel')}
                </Button>
              )}
            </Stack>
          </Stack>
        </SectionCard>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('simWhitelists.form.confirmTitle')}
        text={
          preview
            ? t(scheduleIso ? 'simWhitelists.form.confirmTextAt' : 'simWhitelists.form.confirmText', {
                count: preview.valid,
                formatted: number.format(preview.valid),
                group: groupName,
                at: scheduleIso ? formatDateTime(scheduleIso) : '',
              })
            : ''
        }
        confirmLabel={t('simWhitelists.form.confirmConfirm')}
        busy={createMutation.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
