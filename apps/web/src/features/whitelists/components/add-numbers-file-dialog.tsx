import {
  NUMBERS_FILE_MAX_BYTES,
  type TNumberGroup,
  type TNumbersAdded,
  WHITELIST_DEFAULT_LIMITS,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { FileSendDialog, fileSizeText } from '@/components/files/file-send-dialog';
import { RefusedRows } from '@/components/files/refused-rows';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useAddGroupNumbersFile } from '../api/add-group-numbers-file';
import { useWhitelistMessages } from '../utils/messages';

type TRow = TNumbersAdded['rejected'][number];

function RefusedNumberRows({ rows, total }: { rows: TRow[]; total: number }) {
  const { t } = useTranslation('whitelists');
  const { message } = useWhitelistMessages();
  const number = useNumberFormat();
  return (
    <RefusedRows
      rows={rows}
      total={total}
      title={t('addNumbersFile.refusedTitle', { count: total, formatted: number.format(total) })}
      keyOf={(r) => r.row}
      line={(r) => t('addNumbersFile.refusedRow', { row: r.row, value: r.value || '—', message: message(r.message) })}
      more={(count) => t('addNumbersFile.refusedMore', { count, formatted: number.format(count) })}
    />
  );
}

/**
 * Add Number from a file: a CSV or XLSX of numbers (a column "number", or the first column) sent to the server, which
 * adds the good ones and names each refused row by its line. The dialog then shows what was added and what was not,
 * so the rows can be corrected and the file sent again (numbers already in the group are not added twice).
 */
export function AddNumbersFileDialog({ group, onClose }: { group: TNumberGroup; onClose: () => void }) {
  const { t } = useTranslation('whitelists');
  const { failure, success } = useWhitelistMessages();
  const number = useNumberFormat();
  const upload = useAddGroupNumbersFile();
  return (
    <FileSendDialog
      title={t('addNumbersFile.title', { name: group.name })}
      text={t('addNumbersFile.text', { limit: WHITELIST_DEFAULT_LIMITS.numbers, size: fileSizeText(NUMBERS_FILE_MAX_BYTES) })}
      inputLabel={t('addNumbersFile.input')}
      submitLabel={t('actions.addNumbersFromFile')}
      sendingLabel={t('addNumbersFile.sending')}
      maxBytes={NUMBERS_FILE_MAX_BYTES}
      send={(file) => upload.mutateAsync({ id: group.id, file })}
      failure={failure}
      result={(r) => ({
        complete: r.rejectedCount === 0,
        text: [
          success(r.message, 'numbersAddedFallback'),
          r.alreadyThere > 0 ? t('addNumbers.alreadyThere', { count: r.alreadyThere }) : null,
          t('addNumbersFile.nowHolds', { count: r.group.numbersCount, formatted: number.format(r.group.numbersCount) }),
        ]
          .filter(Boolean)
          .join('. '),
        rows: r.rejectedCount > 0 ? <RefusedNumberRows rows={r.rejected} total={r.rejectedCount} /> : null,
      })}
      refusedRows={(rows) => {
        // The server quotes the refused value in brackets after its reason.
        const parsed = rows.map(({ row, message }) => {
          const quoted = /^(.*) \((.*)\)$/.exec(message);
          return { row, value: quoted?.[2] ?? '', message: quoted?.[1] ?? message };
        });
        return <RefusedNumberRows rows={parsed} total={parsed.length} />;
      }}
      onClose={onClose}
    />
  );
}
