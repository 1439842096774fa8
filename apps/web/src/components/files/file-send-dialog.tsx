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

/** What a first pass over the file found (a dry run): its words, the rows it would refuse, and whether to send it. */
export type TFileCheck = { text: ReactNode; rows: ReactNode | null; ready: boolean };

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
  /**
   * A first pass that changes nothing (the server's dry run): the file is checked first, what the check found is
   * shown, and only then can it be sent. Another file, or a change of `fields`, asks for the check again.
   */
  check?: {
    label: string;
    checkingLabel: string;
    run: (file: File) => Promise<R>;
    result: (result: R) => TFileCheck;
  };
  /** The screen's own fields above the file (the reason of rows that give none), disabled while a call is on its way. */
  fields?: (busy: boolean) => ReactNode;
  /** Changes with what `fields` hold: a check made with other values no longer counts. */
  fieldsKey?: string;
  onClose: () => void;
};

/**
 * A CSV or XLSX file sent for the server to read (Add Number from a file, IMEI locks from a file, Replace from a file):
 * the file chosen and checked for its type and size before anything is sent, optionally a dry run of it (`check`),
 * then what the server did with it, and every row it did not take by its line. A file refused as a whole can be fixed
 * and sent again.
 */
export function FileSendDialog<R>(props: TProps<R>) {
  const { t } = useTranslation('ui');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  // A problem with the chosen file (it is not sent) or the server's refusal of it (it may be sent again once fixed).
  const [problem, setProblem] = useState<{ text: string; rows: TFileRowError[]; fromServer: boolean } | null>(null);
  const [answer, setAnswer] = useState<R | null>(null);
  // The dry run's answer, for the file chosen and the fields as they were then.
  const [checked, setChecked] = useState<{ fieldsKey: string | undefined; result: R } | null>(null);
  const [busy, setBusy] = useState(false);
  const size = fileSizeText(props.maxBytes);
  const check = props.check;
  const found = check && checked && checked.fieldsKey === props.fieldsKey ? check.result(checked.result) : null;

  const choose = (chosen: File | null) => {
    setAnswer(null);
    setChecked(null);
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
      if (check && !found) setChecked({ fieldsKey: props.fieldsKey, result: await check.run(file) });
      else setAnswer(await props.send(file));
    } catch (error) {
      setProblem({ text: props.failure(error), rows: fileRowErrors(error), fromServer: true });
    } finally {
      setBusy(false);
    }
  };
  const shown = answer === null ? null : props.result(answer);
  // The next press checks the file (a dry run) rather than sending it.
  const buttonLabel = check && found === null ? (busy ? check.checkingLabel : check.label) : busy ? props.sendingLabel : props.submitLabel;

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
          {props.fields?.(busy || answer !== null)}
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
          {found && !shown && (
            <Alert severity={found.ready ? 'info' : 'warning'} role="status" data-testid="file-check">
              {found.text}
            </Alert>
          )}
          {found && !shown && found.rows}
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
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={!file || busy || (problem !== null && !problem.fromServer) || (found !== null && !found.ready)}
          >
            {buttonLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
