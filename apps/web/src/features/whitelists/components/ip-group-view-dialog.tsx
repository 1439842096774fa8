import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatIpEntry, type TIpEntry } from '@tarang/shared/whitelists/ip-entries';
import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { GroupStatusChip, ReviewChip } from './group-chips';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

/** A titled list of destinations, one a line as the console writes them ('10.1.2.0/24 TCP 443'). */
function EntryList({
  title,
  entries,
  empty,
  children,
}: {
  title: string;
  entries: readonly TIpEntry[];
  empty: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {entries.map((entry) => (
            <Typography key={formatIpEntry(entry)} component="li" variant="body2" sx={MONO}>
              {formatIpEntry(entry)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One line of the group's facts: its label, then its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Stack>
  );
}

/**
 * An IP group at a glance: whose it is, its status and review, the approved entries (the ones applied to SIMs) and,
 * apart from them, the entries waiting for review or rejected with the reason.
 */
export function IpGroupViewDialog({ group, onClose }: { group: TIpGroup; onClose: () => void }) {
  const { t } = useTranslation(['whitelists', 'ui']);
  const titleId = useId();
  const proposed = group.proposedEntries;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('view.title', { name: group.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={3}>
          <Stack spacing={1}>
            <Fact label={t('fields.organization')}>
              <Typography variant="body2">{group.organization.tradeName}</Typography>
            </Fact>
            <Fact label={t('fields.status')}>
              <GroupStatusChip status={group.status} />
            </Fact>
            <Fact label={t('fields.review')}>
              <ReviewChip status={group.reviewStatus} />
            </Fact>
            {group.reviewedAt && (
              <Fact label={t('view.reviewed')}>
                <Typography variant="body2">
                  {t('view.reviewedBy', { by: group.reviewedBy?.label ?? '—', at: formatDateTime(group.reviewedAt) })}
                </Typography>
              </Fact>
            )}
            {group.description && (
              <Fact label={t('fields.description')}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                  {group.description}
                </Typography>
              </Fact>
            )}
          </Stack>
          <EntryList title={t('view.approved', { count: group.entries.length })} entries={group.entries} empty={t('view.noApproved')} />
          {proposed && group.reviewStatus === 'PENDING' && (
            <EntryList title={t('view.waiting', { count: proposed.length })} entries={proposed} empty={t('view.noEntries')} />
          )}
          {proposed && group.reviewStatus === 'REJECTED' && (
            <EntryList title={t('view.rejected', { count: proposed.length })} entries={proposed} empty={t('view.noEntries')}>
              {group.reviewReason && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {t('view.reason', { reason: group.reviewReason })}
                </Alert>
              )}
            </EntryList>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('ui:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
