import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef } from 'react';

type TProps = {
  file: File | null;
  /** The input's accessible name ("CSV or XLSX file of numbers"). */
  label: string;
  chooseLabel: string;
  chooseOtherLabel: string;
  noFileLabel: string;
  accept: string;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
};

/** A file chosen for sending: the button that opens the picker, and the chosen file's name. */
export function FilePicker({ file, label, chooseLabel, chooseOtherLabel, noFileLabel, accept, disabled, onChoose }: TProps) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file may be chosen again after it is fixed.
    event.target.value = '';
    onChoose(chosen);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
        {file ? chooseOtherLabel : chooseLabel}
      </Button>
      <Typography sx={{ wordBreak: 'break-all' }} color={file ? 'text.primary' : 'text.secondary'} data-testid="chosen-file">
        {file ? file.name : noFileLabel}
      </Typography>
      <input ref={input} type="file" hidden accept={accept} aria-label={label} onChange={choose} />
    </Stack>
  );
}

/** What a CSV or XLSX picker accepts. */
export const CSV_OR_XLSX = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const isCsvOrXlsx = (file: File) => /\.(csv|xlsx)$/i.test(file.name);
