import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  NUMBERS_FILE_MAX_BYTES,
  type TNumberGroup,
  type TNumbersAdded,
  WHITELIST_DEFAULT_LIMITS,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_OR_XLSX, FilePicker, isCsvOrXlsx } from '@/components/files/file-picker';
import { RefusedRows } from '@/components/files/refused-rows';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useAddGroupNumbersFile } from '../api/add-group-numbers-file';
import { useWhitelistMessages } from '../utils/messages';

/** The largest file, as people say it: "1 MB". */
const FILE_MAX =
  NUMBERS_FILE_MAX_BYTES >= 1024 * 1024 ? `${NUMBERS_FILE_MAX_BYTES / 1024 / 1024} MB` : `${NUMBERS_FILE_MAX_BYTES / 1024} KB`;

type TRow = TNumbersAdded['rejected'][number];

/** The server's rows of a file refused as a whole (`file.row.<n>` errors), as rows. */
function refusedRowsOf(error: unknown): TRow[] {
  const errors = (error as { errors?: { path: string; message: string }[] }).errors ?? [];
  return errors.flatMap((e) => {
    const row = /^file\.row\.(\d+)$/.exec(e.path);
    if (!row) return [];
    const quoted = /^(.*) \((.*)\)$/.exec(e.message);
    return [{ row: Number(row[1]), value: quoted?.[2] ?? '', message: quoted?.[1] ?? e.message }];
  });
}

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
  const id = useId();
  const upload = useAddGroupNumbersFile();
  const [file, setFile] = useState<File | null>(null);
  // A problem with the chosen file (it is not sent) or the server's refusal of it (it may be sent again once fixed).
  const [problem, setProblem] = useState<{ text: string; rows: TRow[]; fromServer: boolean } | null>(null);
  const [result, setResult] = useState<(TNumbersAdded & { message?: string }) | null>(null);
  const busy = upload.isPending;

  const choose = (chosen: File | null) => {
    setResult(null);
    setProblem(null);
    if (!chosen) return;
    if (!isCsvOrXlsx(chosen)) setProblem({ text: t('addNumbersFile.wrongType'), rows: [], fromServer: false });
    else if (chosen.size > NUMBERS_FILE_MAX_BYTES)
      setProblem({ text: t('addNumbersFile.tooLarge', { size: FILE_MAX }), rows: [], fromServer: false });
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setProblem(null);
    try {
      setResult(await upload.mutateAsync({ id: group.id, file }));
    } catch (error) {
      setProblem({ text: failure(error), rows: refusedRowsOf(error), fromServer: true });
    }
  };

  const chosenBad = problem !== null && !problem.fromServer;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t('addNumbersFile.title', { name: group.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={`${id}-text`}>
            {t('addNumbersFile.text', { limit: WHITELIST_DEFAULT_LIMITS.numbers, size: FILE_MAX })}
          </DialogContentText>
          <FilePicker
            file={file}
            label={t('addNumbersFile.input')}
            chooseLabel={t('addNumbersFile.choose')}
            chooseOtherLabel={t('addNumbersFile.chooseOther')}
            noFileLabel={t('addNumbersFile.noFile')}
            accept={CSV_OR_XLSX}
            disabled={busy}
            onChoose={choose}
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem.text}
            </Alert>
          )}
          {problem && problem.rows.length > 0 && <RefusedNumberRows rows={problem.rows} total={problem.rows.length} />}
          {result && (
            <Alert severity={result.rejectedCount ? 'info' : 'success'} role="status">
              {success(result.message, 'numbersAddedFallback')}
              {result.alreadyThere > 0 && `. ${t('addNumbers.alreadyThere', { count: result.alreadyThere })}`}
              {'. '}
              {t('addNumbersFile.nowHolds', { count: result.group.numbersCount, formatted: number.format(result.group.numbersCount) })}
            </Alert>
          )}
          {result && result.rejectedCount > 0 && <RefusedNumberRows rows={result.rejected} total={result.rejectedCount} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {result ? t('addNumbersFile.done') : t('addNumbersFile.cancel')}
        </Button>
        {!result && (
          <Button variant="contained" onClick={() => void send()} disabled={!file || busy || chosenBad}>
            {busy ? t('addNumbersFile.sending') : t('actions.addNumbersFromFile')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
