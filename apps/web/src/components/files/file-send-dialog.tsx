import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_OR_XLSX, FilePicker, isCsvOrXlsx } from './file-picker';

/** A row the server refused in a file refused as a whole (`file.row.<n>` errors). */
export type TFileRowError = { row: number; message: string };

/** The `file.row.<n>` errors of a refusal: the first rows that made the whole file fail. */
export function fileRowErrors(error: unknown): TFileRowError[] {
  const errors = (error as { errors?: { path: string; message: string }[] }).errors ?? [];
  return errors.flatMap((e) => {
    const row = /^file\.row\.(\d+)$/.exec(e.path);
    return row ? [{ row: Number(row[1]), message: e.message }] : [];
  });
}

/** The largest file, as people say it: "1 MB", "512 KB". */
export const fileSizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

type TProps<R> = {
  title: string;
  text: string;
  /** The file input's accessible name. */
  inputLabel: string;
  submitLabel: string;
  sendingLabel: string;
  maxBytes: number;
  send: (file: File) => Promise<R>;
  /** A refusal in the reader's words. */
  failure: (error: unknown) => string;
  /** What the server did with the file, and the rows it did not take. */
  result: (result: R) => { text: ReactNode; rows: ReactNode | null; complete: boolean };
  /** The first rows of a file refused as a whole. */
  refusedRows: (rows: TFileRowError[]) => ReactNode;
  onClose: () => void;
};

/**
 * A CSV or XLSX file sent for the server to read (Add Number from a file, IMEI locks from a file): the file chosen and
 * checked for its type and size before anything is sent, then what the server did with it, and every row it did not
 * take by its line. A file refused as a whole can be fixed and sent again.
 */
export function FileSendDialog<R>(props: TProps<R>) {
  const { t } = useTranslation('ui');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  // A problem with the chosen file (it is not sent) or the server's refusal of it (it may be sent again once fixed).
  const [problem, setProblem] = useState<{ text: string; rows: TFileRowError[]; fromServer: boolean } | null>(null);
  const [answer, setAnswer] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const size = fileSizeText(props.maxBytes);

  const choose = (chosen: File | null) => {
    setAnswer(null);
    setProblem(null);
    if (!chosen) return;
    if (!isCsvOrXlsx(chosen)) setProblem({ text: t('file.wrongType'), rows: [], fromServer: false });
    else if (chosen.size > props.maxBytes) setProblem({ text: t('file.tooLarge', { size }), rows: [], fromServer: false });
    setFile(chosen);
  };
  const submit = async () => {
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      setAnswer(await props.send(file));
    } catch (error) {
      setProblem({ text: props.failure(error), rows: fileRowErrors(error), fromServer: true });
    } finally {
      setBusy(false);
    }
  };
  const shown = answer === null ? null : props.result(answer);

  return (
    <Dialog
      open
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={`${id}-text`}>{props.text}</DialogContentText>
          <FilePicker
            file={file}
            label={props.inputLabel}
            chooseLabel={t('file.choose')}
            chooseOtherLabel={t('file.chooseOther')}
            noFileLabel={t('file.noFile')}
            accept={CSV_OR_XLSX}
            disabled={busy}
            onChoose={choose}
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem.text}
            </Alert>
          )}
          {problem && problem.rows.length > 0 && props.refusedRows(problem.rows)}
          {shown && (
            <Alert severity={shown.complete ? 'success' : 'info'} role="status">
              {shown.text}
            </Alert>
          )}
          {shown?.rows}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={busy}>
          {answer === null ? t('cancel') : t('file.done')}
        </Button>
        {answer === null && (
          <Button variant="contained" onClick={() => void submit()} disabled={!file || busy || (problem !== null && !problem.fromServer)}>
            {busy ? props.sendingLabel : props.submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
