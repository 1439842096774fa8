import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TSimWhitelist, TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowLink } from '@/components/list-screen/row-link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import type { TRequest } from '@/features/requests/api/types';
import { requestHref } from '@/features/requests/components/requests-table';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { useApplySimWhitelist } from '../api/apply-sim-whitelist';
import { useGroupChoices } from '../api/get-group-choices';
import { useSimWhitelists } from '../api/get-sim-whitelists';
import { SIM_WHITELIST_KINDS } from '../utils/sim-whitelist-kinds';
import { aboutGroup, useSimWhitelistMessages } from '../utils/sim-whitelist-messages';
import { GroupSelect } from './group-select';
import { RequestMade } from './request-made';
import { SyncStateCell } from './sync-state';
import { useOrganizationReach } from './use-organization-reach';

/** An ICCID as the address may hold it. */
export const ICCID = /^\d{18,22}$/;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;

/** The whitelist of the kind on each profile of the SIM, as its operator holds it. */
function CurrentWhitelist({ kind, rows }: { kind: TWhitelistKind; rows: TSimWhitelist[] }) {
  const { t } = useTranslation('whitelists');
  const canViewRequest = useCan('request', 'viewDetails');
  const words = SIM_WHITELIST_KINDS[kind].words;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('simWhitelists.edit.currentTitle')} data-testid="current-whitelist">
        <TableHead>
          <TableRow>
            <TableCell>{t('simWhitelists.fields.iccid')}</TableCell>
            <TableCell>{t('simWhitelists.fields.operator')}</TableCell>
            <TableCell>{t('simWhitelists.fields.group')}</TableCell>
            <TableCell align="right">{t(`simWhitelists.${words}.items`)}</TableCell>
            <TableCell>{t('simWhitelists.fields.state')}</TableCell>
            <TableCell>{t('simWhitelists.fields.request')}</TableCell>
            <TableCell>{t('simWhitelists.fields.updatedAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.iccid}>
              <TableCell sx={MONO}>{row.iccid}</TableCell>
              <TableCell>{row.operator}</TableCell>
              <TableCell>{row.group?.name ?? '—'}</TableCell>
              <TableCell align="right">{row.itemsCount}</TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <SyncStateCell row={row} />
              </TableCell>
              <TableCell sx={MONO}>
                {canViewRequest ? <RowLink to={requestHref(row.requestId)}>{row.batchJobId}</RowLink> : row.batchJobId}
              </TableCell>
              <TableCell>{formatDateTime(row.updatedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Edit the whitelist of one SIM (/white-listing/ip/edit/{iccid}, /white-listing/numbers/edit/{iccid}): what each of
 * its profiles holds now, and another group to put in its place — one request (PUT), confirmed first and followed by
 * the console until it finishes.
 */
export function SimWhitelistEdit({ kind, iccid }: { kind: TWhitelistKind; iccid: string }) {
  const info = SIM_WHITELIST_KINDS[kind];
  const { t } = useTranslation('whitelists');
  const { user } = useSignedIn();
  const { failure } = useSimWhitelistMessages();
  const reach = useOrganizationReach();
  const canListGroups = useCan(info.groupModule);
  const valid = ICCID.test(iccid);
  // The ICCID names the SIM (any of its profiles); then every profile of that SIM is read by its id.
  const found = useSimWhitelists(kind, { page: 1, limit: 100, iccid }, { enabled: valid });
  const simId = found.data?.rows.find((r) => r.iccid === iccid || r.primaryIccid === iccid)?.simId;
  const ofSim = useSimWhitelists(kind, { page: 1, limit: 100, simId }, { enabled: valid && simId !== undefined });
  const query = simId === undefined ? found : ofSim;
  const groups = useGroupChoices(kind, { applicable: true, enabled: canListGroups && valid });
  const apply = useApplySimWhitelist(kind);
  const keeper = useRef(createIdempotencyKeeper());
  const [groupId, setGroupId] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<{ groupId: string; message: string; aboutGroup: boolean } | null>(null);
  const [created, setCreated] = useState<TRequest | null>(null);

  if (!valid) {
    return (
      <Alert severity="warning" role="alert">
        {t('simWhitelists.edit.notIccid')}
      </Alert>
    );
  }
  if (created) return <RequestMade kind={kind} request={created} />;

  const rows = (query.data?.rows ?? []).filter((r) =>
    simId === undefined ? r.iccid === iccid || r.primaryIccid === iccid : r.simId === simId,
  );
  const sim = rows[0]?.primaryIccid ?? iccid;
  const currentIds = new Set(rows.map((r) => r.group?.id ?? null));
  const currentId = currentIds.size === 1 ? [...currentIds][0] : null;
  const choices = groups.data ?? [];
  const group = choices.find((g) => g.id === groupId) ?? null;
  const same = group !== null && group.id === currentId;
  const refusal = error && error.groupId === groupId ? error : null;
  const groupError =
    (refusal?.aboutGroup ? refusal.message : undefined) ??
    (same ? t('simWhitelists.edit.same') : showErrors && !group && choices.length > 0 ? t('simWhitelists.form.noGroup') : undefined);

  const submit = async () => {
    if (!group) return;
    const body = { groupId: group.id, iccids: [sim] };
    try {
      const result = await apply.mutateAsync({ kind, method: 'PUT', body, key: keeper.current.keyFor(body) });
      setConfirming(false);
      keeper.current.reset();
      if (!result.request) return;
      watchRequest(user.id, { id: result.request.id, batchJobId: result.request.batchJobId, type: result.request.type });
      setCreated(result.request);
    } catch (e) {
      setConfirming(false);
      setError({ groupId: group.id, message: failure(e), aboutGroup: aboutGroup(e) });
    }
  };

  return (
    <Stack spacing={2.5}>
      <SectionCard title={t('simWhitelists.edit.currentTitle')}>
        {query.isPending ? (
          <CircularProgress size={24} aria-label={t('simWhitelists.edit.loading')} />
        ) : query.isError ? (
          <Alert severity="error" role="alert">
            {failure(query.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="no-whitelist">
            {t(`simWhitelists.${info.words}.noneForSim`, { iccid })}
          </Typography>
        ) : (
          <CurrentWhitelist kind={kind} rows={rows} />
        )}
      </SectionCard>

      <SectionCard title={t('simWhitelists.edit.newTitle')}>
        <Box
          component="form"
          noValidate
          aria-label={t(`simWhitelists.${info.words}.editFormLabel`, { iccid: sim })}
          onSubmit={(e) => {
            e.preventDefault();
            setShowErrors(true);
            if (group && !same) setConfirming(true);
          }}
        >
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('simWhitelists.edit.newHelp')}
            </Typography>
            <GroupSelect
              kind={kind}
              choices={choices}
              value={groupId}
              onChange={setGroupId}
              loading={canListGroups && groups.isPending}
              forbidden={!canListGroups}
              showOrganization={reach.many}
              currentId={currentId}
              error={groupError ?? (groups.isError ? failure(groups.error) : undefined)}
            />
            {refusal && !refusal.aboutGroup && (
              <Alert severity="error" role="alert" data-testid="submit-error">
                {refusal.message}
              </Alert>
            )}
            <Box>
              <Button
                type="submit"
                variant="contained"
                startIcon={apply.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlined />}
                disabled={apply.isPending || same}
              >
                {group ? t('simWhitelists.edit.submit', { group: group.name }) : t('simWhitelists.edit.submitPlain')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </SectionCard>
      <ConfirmDialog
        open={confirming}
        title={t('simWhitelists.edit.confirmTitle')}
        text={t(`simWhitelists.${info.words}.editConfirmText`, { group: group?.name ?? '', iccid: sim })}
        confirmLabel={t('simWhitelists.edit.confirmConfirm')}
        busy={apply.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
