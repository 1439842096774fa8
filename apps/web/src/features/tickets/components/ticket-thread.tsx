import SendOutlined from '@mui/icons-material/SendOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { useSignedIn } from '@/lib/auth';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useAddTicketComment } from '../api/add-ticket-comment';
import { useTicketMessages } from '../utils/messages';

const BODY_MAX = 10_000;

type TMessage = TTicket['thread'][number];

/** One message of the thread: support's stand out (tinted, a coloured edge), the customer's are plain. */
function ThreadMessage({ message }: { message: TMessage }) {
  const { t } = useTranslation('tickets');
  const { user } = useSignedIn();
  const staff = message.author.side === 'STAFF';
  const mine = message.author.id === user.id;
  return (
    <Box
      component="li"
      data-side={message.author.side}
      sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', listStyle: 'none', flexDirection: staff ? 'row' : 'row-reverse' }}
    >
      <Avatar
        aria-hidden
        sx={{ width: 32, height: 32, fontSize: '0.85rem', bgcolor: staff ? 'primary.main' : 'grey.600', color: 'common.white' }}
      >
        {message.author.label.charAt(0).toUpperCase()}
      </Avatar>
      <Box
        sx={(theme) => ({
          minWidth: 0,
          flex: 1,
          maxWidth: { sm: '85%' },
          borderRadius: 2,
          px: 1.5,
          py: 1,
          border: 1,
          borderColor: staff ? alpha(theme.palette.primary.main, 0.35) : 'divider',
          borderLeft: staff ? `4px solid ${theme.palette.primary.main}` : undefined,
          borderRight: staff ? undefined : `4px solid ${theme.palette.divider}`,
          bgcolor: staff ? alpha(theme.palette.primary.main, 0.07) : 'background.paper',
        })}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
            {mine ? t('thread.you', { name: message.author.label }) : message.author.label}
          </Typography>
          <Chip
            size="small"
            label={t(`sides.${message.author.side}`)}
            color={staff ? 'primary' : 'default'}
            variant="outlined"
            sx={{ height: 20 }}
          />
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatDateTime(message.createdAt)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>
          {message.body}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The conversation of a ticket, oldest first, and the reply box under it. A reply is mailed to the other side; a
 * closed ticket takes none until it is reopened.
 */
export function TicketThread({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  const { failure } = useTicketMessages();
  const comment = useAddTicketComment();
  const [body, setBody] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const closed = ticket.status === 'CLOSED';

  const send = async () => {
    const text = body.trim();
    if (!text || text.length > BODY_MAX) return;
    setRefusal(null);
    try {
      await comment.mutateAsync({ id: ticket.id, body: text });
      setBody('');
      notify.success(t('messages.replySent'));
    } catch (error) {
      setRefusal(failure(error));
    }
  };

  return (
    <SectionCard title={t('thread.title')}>
      <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t('thread.title')} data-testid="thread">
        {ticket.thread.map((m) => (
          <ThreadMessage key={m.id} message={m} />
        ))}
      </Stack>
      {closed ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('thread.closed')}
        </Typography>
      ) : (
        <Box
          component="form"
          aria-label={t('thread.reply')}
          sx={{ mt: 2.5 }}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <TextField
            label={t('thread.reply')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            error={Boolean(refusal)}
            helperText={refusal ?? t('thread.replyHint')}
            slotProps={{ htmlInput: { maxLength: BODY_MAX } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={!body.trim() || comment.isPending}>
              {t('actions.send')}
            </Button>
          </Box>
        </Box>
      )}
    </SectionCard>
  );
}
