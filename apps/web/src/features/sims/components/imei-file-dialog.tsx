import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { IMEI_FILE_MAX_BYTES, IMEI_FILE_PAIRS_MAX, type TImeiFileResult } from '@tarang/shared/sims/sim.schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_OR_XLSX, FilePicker, isCsvOrXlsx } from '@/components/files/file-picker';
import { RefusedRows } from '@/components/files/refused-rows';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useLockImeisFromFile } from '../api/update-sim';
import { useSimMessages } from '../utils/messages';

type TRow = TImeiFileResult['rows'][number];

/** The server's rows of a file refused as a whole (`file.row.<n>` errors). */
function refusedRowsOf(error: unknown): TRow[] {
  const errors = (error as { errors?: { path: string; message: string }[] }).errors ?? [];
  return errors.flatMap((e) => {
    const row = /^file\.row\.(\d+)$/.exec(e.path);
    return row ? [{ row: Number(row[1]), iccid: '', reason: e.message }] : [];
  });
}

/**
 * IMEI locks from a file (SIM inventory): a CSV or XLSX of ICCID–IMEI pairs sent to the server, which locks each SIM to
 * its IMEI and names every row it did not take, by line and why.
 */
export function ImeiFileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sims');
  const { failure } = useSimMessages();
  const number = useNumberFormat();
  const id = useId();
  const send = useLockImeisFromFile();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ text: string; rows: TRow[]; fromServer: boolean } | null>(null);
  const [result, setResult] = useState<TImeiFileResult | null>(null);
  const busy = send.isPending;
  const sizeMb = IMEI_FILE_MAX_BYTES / 1024 / 1024;

  const choose = (chosen: File | null) => {
    setResult(null);
    setProblem(null);
    if (!chosen) return;
    if (!isCsvOrXlsx(chosen)) setProblem({ text: t('imeiFile.wrongType'), rows: [], fromServer: false });
    else if (chosen.size > IMEI_FILE_MAX_BYTES) setProblem({ text: t('imeiFile.tooLarge', { size: sizeMb }), rows: [], fromServer: false });
    setFile(chosen);
  };
  const submit = async () => {
    if (!file) return;
    setProblem(null);
    try {
      setResult(await send.mutateAsync(file));
    } catch (error) {
      setProblem({ text: failure(error), rows: refusedRowsOf(error), fromServer: true });
    }
  };
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
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t('imeiFile.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={`${id}-text`}>
            {t('imeiFile.text', { max: number.format(IMEI_FILE_PAIRS_MAX), size: sizeMb })}
          </DialogContentText>
          <FilePicker
            file={file}
            label={t('imeiFile.input')}
            chooseLabel={t('imeiFile.choose')}
            chooseOtherLabel={t('imeiFile.chooseOther')}
            noFileLabel={t('imeiFile.noFile')}
            accept={CSV_OR_XLSX}
            disabled={busy}
            onChoose={choose}
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem.text}
            </Alert>
          )}
          {problem && problem.rows.length > 0 && refused(problem.rows, problem.rows.length)}
          {result && (
            <Alert severity={result.rejected ? 'info' : 'success'} role="status">
              {t('imeiFile.locked', { count: result.updated, formatted: number.format(result.updated) })}
            </Alert>
          )}
          {result && result.rejected > 0 && refused(result.rows, result.rejected)}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {result ? t('imeiFile.done') : t('imeiFile.cancel')}
        </Button>
        {!result && (
          <Button variant="contained" onClick={() => void submit()} disabled={!file || busy || (problem !== null && !problem.fromServer)}>
            {busy ? t('imeiFile.sending') : t('imeiFile.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
