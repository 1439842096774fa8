import { IMEI_FILE_MAX_BYTES, IMEI_FILE_PAIRS_MAX, type TImeiFileResult } from '@tarang/shared/sims/sim.schemas';
import { useTranslation } from 'react-i18next';
import { FileSendDialog, fileSizeText } from '@/components/files/file-send-dialog';
import { RefusedRows } from '@/components/files/refused-rows';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useLockImeisFromFile } from '../api/update-sim';
import { useSimMessages } from '../utils/messages';

type TRow = TImeiFileResult['rows'][number];

/**
 * IMEI locks from a file (SIM inventory): a CSV or XLSX of ICCID–IMEI pairs sent to the server, which locks each SIM to
 * its IMEI and names every row it did not take, by line and why.
 */
export function ImeiFileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sims');
  const { failure } = useSimMessages();
  const number = useNumberFormat();
  const send = useLockImeisFromFile();
  const refused = (rows: TRow[], total: number) => (
    <RefusedRows
      rows={rows}
      total={total}
      title={t('imeiFile.refusedTitle', { count: total, formatted: number.format(total) })}
      keyOf={(r) => `${r.row}-${r.iccid}`}
      line={(r) => t('imeiFile.refusedRow', { row: r.row, iccid: r.iccid || '—', reason: r.reason })}
      more={(count) => t('imeiFile.refusedMore', { count, formatted: number.format(count) })}
    />
  );
  return (
    <FileSendDialog
      title={t('imeiFile.title')}
      text={t('imeiFile.text', { max: number.format(IMEI_FILE_PAIRS_MAX), size: fileSizeText(IMEI_FILE_MAX_BYTES) })}
      inputLabel={t('imeiFile.input')}
      submitLabel={t('imeiFile.submit')}
      sendingLabel={t('imeiFile.sending')}
      maxBytes={IMEI_FILE_MAX_BYTES}
      send={(file) => send.mutateAsync(file)}
      failure={failure}
      result={(r) => ({
        complete: r.rejected === 0,
        text: t('imeiFile.locked', { count: r.updated, formatted: number.format(r.updated) }),
        rows: r.rejected > 0 ? refused(r.rows, r.rejected) : null,
      })}
      refusedRows={(rows) =>
        refused(
          rows.map(({ row, message }) => ({ row, iccid: '', reason: message })),
          rows.length,
        )
      }
      onClose={onClose}
    />
  );
}
