import TextField from '@mui/material/TextField';
import { REPLACE_FILE_MAX_BYTES, REPLACE_FILE_PAIRS_MAX, type TReplaceRefusal } from '@tarang/shared/sims/replacement.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSendDialog, fileSizeText } from '@/components/files/file-send-dialog';
import { RefusedRows } from '@/components/files/refused-rows';
import { Link } from '@/components/ui/link';
import { requestHref } from '@/features/requests/components/requests-table';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { newUuid } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { type TReplaceFileAnswer, useCheckReplacementFile, useReplaceSimsFromFile } from '../api/replace-sims-from-file';
import { rowMessage, useReplacementMessages } from '../utils/messages';
import { REASON_MAX } from '../utils/replace-form';

/**
 * Replace from a file (Replace Sim): a CSV or XLSX of old–new ICCID pairs, and a reason for the rows that give none.
 * The file is checked first (the server's dry run: how many pairs can be replaced, and every one that cannot, by its
 * line and why); then its good pairs are sent as one REPLACE request, which the console follows until it finishes.
 */
export function ReplaceFileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sim-replacement');
  const { message, failure } = useReplacementMessages();
  const number = useNumberFormat();
  const { user } = useSignedIn();
  const canViewRequest = useCan('request', 'viewDetails');
  const checkFile = useCheckReplacementFile();
  const replaceFile = useReplaceSimsFromFile();
  const [reason, setReason] = useState('');

  const refused = (rows: TReplaceRefusal[], total: number) => (
    <RefusedRows
      rows={rows}
      total={total}
      title={t('file.refusedTitle', { count: total, formatted: number.format(total) })}
      keyOf={(r) => `${r.row}-${r.oldIccid}-${r.field}`}
      line={(r) =>
        r.oldIccid || r.newIccid
          ? t('file.refusedRow', { row: r.row, old: r.oldIccid || '—', new: r.newIccid || '—', reason: message(r.reason) })
          : t('file.refusedLine', { row: r.row, reason: r.reason })
      }
      more={(count) => t('file.refusedMore', { count, formatted: number.format(count) })}
    />
  );
  const rowsOf = (answer: TReplaceFileAnswer) => (answer.rejectedCount > 0 ? refused(answer.rejected, answer.rejectedCount) : null);

  return (
    <FileSendDialog<TReplaceFileAnswer>
      title={t('file.title')}
      text={t('file.text', { max: number.format(REPLACE_FILE_PAIRS_MAX), size: fileSizeText(REPLACE_FILE_MAX_BYTES) })}
      inputLabel={t('file.input')}
      submitLabel={t('file.submit', { count: checkFile.data?.accepted ?? 0, formatted: number.format(checkFile.data?.accepted ?? 0) })}
      sendingLabel={t('file.sending')}
      maxBytes={REPLACE_FILE_MAX_BYTES}
      fields={(busy) => (
        <TextField
          label={t('file.reason')}
          helperText={t('file.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={busy}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          fullWidth
        />
      )}
      fieldsKey={reason.trim()}
      check={{
        label: t('file.check'),
        checkingLabel: t('file.checking'),
        run: (file) => checkFile.mutateAsync({ file, reason }),
        result: (answer) => ({
          ready: answer.accepted > 0,
          text:
            answer.accepted > 0 ? t('file.ready', { count: answer.accepted, formatted: number.format(answer.accepted) }) : t('file.none'),
          rows: rowsOf(answer),
        }),
      }}
      send={async (file) => {
        const answer = await replaceFile.mutateAsync({ file, reason, key: newUuid() });
        if (answer.request) {
          const { request } = answer;
          watchRequest(user.id, { id: request.id, batchJobId: request.batchJobId, type: request.type });
          notify.success(t('made.notice', { batchJobId: request.batchJobId }));
        }
        return answer;
      }}
      failure={failure}
      result={(answer) => ({
        complete: answer.rejectedCount === 0,
        text: (
          <>
            {t('file.made', {
              batchJobId: answer.request?.batchJobId ?? '',
              count: answer.accepted,
              formatted: number.format(answer.accepted),
            })}
            {canViewRequest && answer.request && (
              <>
                {' '}
                <Link to={requestHref(answer.request.id)} color="inherit" sx={{ fontWeight: 600 }}>
                  {t('actions.viewRequest', { batchJobId: answer.request.batchJobId })}
                </Link>
              </>
            )}
          </>
        ),
        rows: rowsOf(answer),
      })}
      refusedRows={(rows) =>
        refused(
          rows.map(({ row, message: text }) => ({
            row,
            oldIccid: '',
            newIccid: '',
            field: 'oldIccid' as const,
            reason: rowMessage(text, message),
          })),
          rows.length,
        )
      }
      onClose={onClose}
    />
  );
}
