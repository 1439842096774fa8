import SendOutlined from '@mui/icons-material/SendOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '@/lib/auth';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useMessages } from '../api/get-request-parts';
import { useRespondRequest } from '../api/request-actions';
import { useRequestMessages } from '../utils/messages';

const BODY_MAX = 4000;

/** Respond Request: the thread between staff and the customer about one request. */
export function MessageThread({ requestId, canRespond, closed }: { requestId: string; canRespond: boolean; closed: boolean }) {
  const { t } = useTranslation('requests');
  const { user } = useSignedIn();
  const { failure } = useRequestMessages();
  const query = useMessages(requestId);
  const respond = useRespondRequest();
  const [body, setBody] = useState('');
  const messages = query.data ?? [];
  const tooLong = body.length > BODY_MAX;

  const send = async () => {
    if (!body.trim() || tooLong) return;
    try {
      await respond.mutateAsync({ id: requestId, body: body.trim() });
      setBody('');
    } catch (error) {
      notify.error(failure(error));
    }
  };

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} data-testid="messages">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          {t('thread.title')}
        </Typography>
        {query.isError && (
          <Typography color="error" role="alert">
            {failure(query.error)}
          </Typography>
        )}
        <Stack spacing={1.5} sx={{ maxHeight: 420, overflowY: 'auto', mb: 2 }} role="log" aria-label={t('thread.title')}>
          {messages.length === 0 && !query.isPending && (
            <Typography variant="body2" color="text.secondary">
              {t('thread.empty')}
            </Typography>
          )}
          {messages.map((m) => {
            const mine = m.author.id === user.id;
            return (
              <Stack key={m.id} direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
                <Avatar sx={{ width: 30, height: 30, fontSize: '0.8rem', bgcolor: m.fromStaff ? 'primary.main' : 'secondary.main' }}>
                  {m.author.label.charAt(0).toUpperCase()}
                </Avatar>
                <Box sx={{ minWidth: 0, flex: 1, bgcolor: mine ? 'action.selected' : 'action.hover', borderRadius: 2, px: 1.5, py: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {m.author.label}
                    </Typography>
                    <Chip size="small" label={m.fromStaff ? t('thread.staff') : t('thread.customer')} sx={{ height: 20 }} />
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(m.createdAt)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>
                    {m.body}
                  </Typography>
                </Box>
              </Stack>
            );
          })}
        </Stack>
        {closed ? (
          <Typography variant="body2" color="text.secondary">
            {t('thread.closed')}
          </Typography>
        ) : (
          canRespond && (
            <Box
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                void send();
              }}
            >
              <TextField
                label={t('thread.reply')}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                multiline
                minRows={2}
                fullWidth
                error={tooLong}
                helperText={tooLong ? t('thread.tooLong', { max: BODY_MAX }) : undefined}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<SendOutlined />}
                  disabled={!body.trim() || tooLong || respond.isPending}
                >
                  {t('thread.send')}
                </Button>
              </Box>
            </Box>
          )
        )}
      </CardContent>
    </Card>
  );
}
