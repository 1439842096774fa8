import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import { type TSimWhitelist, type TWhitelistKind, WHITELIST_KINDS } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { useAccess } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { useSimWhitelists } from '../api/get-sim-whitelists';
import { useWhitelistMessages } from '../utils/messages';
import { SIM_WHITELIST_KINDS } from '../utils/sim-whitelist-kinds';
import { SyncStateCell } from './sync-state';

const mono = { fontFamily: 'monospace', fontSize: '0.875rem' };
/** A SIM has a few profiles; one page holds them all. */
const PROFILES_MAX = 20;

/** One SIM's whitelists of a kind, read when the role may see them; Pending ones are read again until they settle. */
function useKind(kind: TWhitelistKind, simId: string) {
  // The module itself must be granted: staff see every menu entry, but the server checks the role.
  const allowed = useAccess().permissions.has(SIM_WHITELIST_KINDS[kind].module);
  const canAdd = useCan(SIM_WHITELIST_KINDS[kind].module, 'add');
  const query = useSimWhitelists(kind, { simId, page: 1, limit: PROFILES_MAX }, { enabled: allowed });
  return { kind, allowed, canAdd, query };
}

function WhitelistCell({ row }: { row: TSimWhitelist | undefined }) {
  const { t } = useTranslation('whitelists');
  if (!row) return <Typography color="text.secondary">{t('simCard.none')}</Typography>;
  const route = SIM_WHITELIST_KINDS[row.kind].route;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Link component={RouterLink} to={`${route}?iccid=${row.iccid}`}>
        {row.group?.name ?? t('simCard.noGroup')}
      </Link>
      <SyncStateCell row={row} />
    </Stack>
  );
}

/**
 * The SIM details page's whitelists: each profile of the SIM, by operator, with the IP group and number group it
 * should hold and where each stands at the operator (Pending, Applied, Drifted, Failed with the operator's error…).
 * Each group links to its whitelist screen narrowed to the profile; a role that may add gets Whitelist IP and
 * Whitelist numbers for this SIM. Kinds the role cannot see are left out, and the card with them.
 */
export function SimWhitelistsCard({ sim }: { sim: TSimDetail }) {
  const { t } = useTranslation('whitelists');
  const { failure } = useWhitelistMessages();
  const kinds = [useKind('IP', sim.id), useKind('NUMBER', sim.id)].filter((k) => k.allowed);
  if (kinds.length === 0) return null;
  const profiles = [sim.primary, ...sim.provisioned];
  const rowOf = (kind: TWhitelistKind, iccid: string) =>
    kinds.find((k) => k.kind === kind)?.query.data?.rows.find((r) => r.iccid === iccid);
  const failed = kinds.find((k) => k.query.isError);
  const loading = kinds.some((k) => k.query.isPending);
  return (
    <SectionCard title={t('simCard.title')}>
      <Stack spacing={2}>
        {failed && (
          <Alert severity="error" role="alert">
            {failure(failed.query.error)}
          </Alert>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('simCard.title')} aria-busy={loading}>
            <TableHead>
              <TableRow>
                <TableCell>{t('simCard.profile')}</TableCell>
                <TableCell>{t('simCard.operator')}</TableCell>
                {kinds.map((k) => (
                  <TableCell key={k.kind}>{t(`simCard.column.${k.kind}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {profiles.map((profile) => (
                <TableRow key={profile.ICCID}>
                  <TableCell sx={mono}>{profile.ICCID}</TableCell>
                  <TableCell>{profile.operator}</TableCell>
                  {kinds.map((k) => (
                    <TableCell key={k.kind} data-kind={k.kind}>
                      {k.query.isPending ? '…' : <WhitelistCell row={rowOf(k.kind, profile.ICCID)} />}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {kinds.some((k) => k.canAdd) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {WHITELIST_KINDS.map((kind) => {
              const k = kinds.find((x) => x.kind === kind);
              if (!k?.canAdd) return null;
              return (
                <Button
                  key={kind}
                  variant="outlined"
                  component={RouterLink}
                  to={`${SIM_WHITELIST_KINDS[kind].route}/add`}
                  state={{ iccids: [sim.iccid] }}
                >
                  {t(`simCard.add.${kind}`)}
                </Button>
              );
            })}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
