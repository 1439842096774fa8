import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TAuditEvent } from '@tarang/shared/audit/audit.schemas';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { AuditDiffTable } from './audit-diff-table';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 }, '&:first-of-type': { mt: 0 } }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

type TAuditEventDialogProps = {
  event: TAuditEvent;
  /** The organisation's name, when the reader may see organisations. */
  organizationName?: string;
  onClose: () => void;
  /** Narrows the list to this actor's events, or this entity's. */
  onShowActor: (actorId: string) => void;
  onShowEntity: (entityType: string, entityId: string) => void;
};

/** One audit event: who did what to which entity, when (India time, and UTC), from where, and the fields it changed. */
export function AuditEventDialog({ event, organizationName, onClose, onShowActor, onShowEntity }: TAuditEventDialogProps) {
  const { t } = useTranslation('audit-trail');
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const none = t('details.none');
  const { actorId, entityId } = event;
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={`${id}-title`} sx={{ pb: 1 }}>
        {t('details.title', { seq: event.seq })}
        <Typography component="span" sx={{ ...MONO, display: 'block', fontSize: '0.9375rem', color: 'text.secondary', mt: 0.5 }}>
          {event.action}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Box
            component="dl"
            data-testid="audit-event-facts"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: { xs: 0, sm: 1 },
              m: 0,
            }}
          >
            <Fact label={t('details.who')}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{event.actorLabel ?? t(`actorTypes.${event.actorType}`)}</span>
                <Chip size="small" label={t(`actorTypes.${event.actorType}`)} />
                {actorId && (
                  <Link component="button" type="button" variant="body2" onClick={() => onShowActor(actorId)}>
                    {t('details.actorEvents')}
                  </Link>
                )}
              </Stack>
            </Fact>
            <Fact label={t('details.when')}>
              {formatDateTime(event.occurredAt)}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('details.utc', { time: event.occurredAt })}
              </Typography>
            </Fact>
            <Fact label={t('details.entity')}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{event.entityType}</span>
                {entityId && (
                  <Box component="span" sx={MONO}>
                    {entityId}
                  </Box>
                )}
                {entityId && (
                  <Link component="button" type="button" variant="body2" onClick={() => onShowEntity(event.entityType, entityId)}>
                    {t('details.entityEvents')}
                  </Link>
                )}
              </Stack>
            </Fact>
            <Fact label={t('details.organization')}>
              {event.organizationId
                ? (organizationName ?? (
                    <Box component="span" sx={MONO}>
                      {event.organizationId}
                    </Box>
                  ))
                : t('platform')}
            </Fact>
            <Fact label={t('details.ip')}>
              <Box component="span" sx={MONO}>
                {event.ip ?? none}
              </Box>
            </Fact>
            <Fact label={t('details.requestId')}>
              <Box component="span" sx={MONO}>
                {event.requestId ?? none}
              </Box>
            </Fact>
            <Fact label={t('details.userAgent')}>{event.userAgent ?? none}</Fact>
            <Fact label={t('details.hash')}>
              <Box component="span" sx={{ ...MONO, fontSize: '0.75rem' }}>
                {event.hash}
              </Box>
            </Fact>
          </Box>
          <Box component="section" aria-labelledby={`${id}-changes`}>
            <Typography id={`${id}-changes`} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
              {t('details.changes')}
            </Typography>
            <AuditDiffTable before={event.before} after={event.after} />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained">
          {t('details.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
