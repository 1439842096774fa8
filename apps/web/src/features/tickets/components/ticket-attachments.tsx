import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TTicket, TTicketAttachment } from '@tarang/shared/tickets/ticket.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '@/components/files/file-picker';
import { SectionCard } from '@/components/ui/section-card';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useAddTicketAttachment } from '../api/add-ticket-attachment';
import { downloadTicketAttachment } from '../api/download-ticket-attachment';
import { ATTACHMENT_ACCEPT, attachmentProblem, fileSize } from '../utils/attachment-files';
import { useTicketMessages } from '../utils/messages';

const TYPE_ICON: Record<TTicketAttachment['type'], typeof ImageOutlined> = {
  PNG: ImageOutlined,
  JPEG: ImageOutlined,
  PDF: PictureAsPdfOutlined,
  CSV: TableChartOutlined,
  XLSX: TableChartOutlined,
};

function AttachmentRow({ ticketId, attachment }: { ticketId: string; attachment: TTicketAttachment }) {
  const { t } = useTranslation('tickets');
  const { failure } = useTicketMessages();
  const [busy, setBusy] = useState(false);
  const Icon = TYPE_ICON[attachment.type];
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadTicketAttachment(ticketId, attachment);
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="li"
      data-type={attachment.type}
      sx={{ display: 'flex', gap: 1.25, alignItems: 'center', py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Icon color="action" aria-hidden />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
          {attachment.fileName}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          {t(`attachments.types.${attachment.type}`)} · {fileSize(attachment.size)} ·{' '}
          {t('attachments.by', { name: attachment.author.label, at: formatDateTime(attachment.createdAt) })}
        </Typography>
      </Box>
      <Tooltip title={t('attachments.checksum', { sha256: attachment.sha256 })} describeChild>
        <IconButton
          aria-label={t('actions.download', { name: attachment.fileName })}
          aria-busy={busy || undefined}
          onClick={() => void download()}
        >
          <DownloadOutlined />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * A ticket's files: each with its type, size, who attached it and when, and a download (its SHA-256 in the button's
 * tooltip). "Attach a file" sends a PNG, JPEG, PDF, CSV or XLSX file up to 10 MB at once; a file refused (by the
 * console's check or by the server, which reads the type from the content) stays named with why.
 */
export function TicketAttachments({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  const { message, failure } = useTicketMessages();
  const attach = useAddTicketAttachment();
  const [chosen, setChosen] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const closed = ticket.status === 'CLOSED';

  const choose = async (file: File | null) => {
    setChosen(file);
    setRefusal(null);
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      setRefusal(message(problem));
      return;
    }
    try {
      await attach.mutateAsync({ id: ticket.id, file });
      setChosen(null);
      notify.success(t('attachments.attached', { name: file.name }));
    } catch (error) {
      // The server names the file when it refuses it: its words about the file, else the failure's.
      const onFile = isApiError(error) ? error.errors?.find((e) => e.path === 'file')?.message : undefined;
      setRefusal(onFile ? message(onFile) : failure(error));
    }
  };

  return (
    <SectionCard title={t('attachments.title')}>
      {ticket.attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('attachments.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('attachments.title')} sx={{ m: 0, p: 0 }} data-testid="attachments">
          {ticket.attachments.map((a) => (
            <AttachmentRow key={a.id} ticketId={ticket.id} attachment={a} />
          ))}
        </Box>
      )}
      {!closed && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <FilePicker
            file={chosen}
            label={t('attachments.input')}
            chooseLabel={t('attachments.choose')}
            chooseOtherLabel={t('attachments.chooseOther')}
            noFileLabel={t('attachments.hint')}
            accept={ATTACHMENT_ACCEPT}
            disabled={attach.isPending}
            onChoose={(file) => void choose(file)}
          />
          {chosen && attach.isPending && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('attachments.sending', { name: chosen.name })}
            </Typography>
          )}
          {chosen && refusal && (
            <Alert severity="error" role="alert" data-testid="attachment-refused">
              <strong>{t('attachments.refused')}</strong> {refusal}
            </Alert>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
