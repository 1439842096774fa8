import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRequestPreview } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import type { TIccidList } from '../utils/iccid-list';
import { RequestPreview } from './request-preview';

/** What the last check (a dryRun) answered for the SIMs as they are now: its preview, the list it read, whether from a file. */
export type TCurrentCheck = { preview: TRequestPreview; list: TIccidList | null; fromFile: boolean };

/** SIMs the request would leave out: refused by the server, or lines of the list that are not ICCIDs. */
export const invalidCountOf = (current: TCurrentCheck | null) =>
  current ? current.preview.invalid + (current.list?.issues.length ?? 0) : 0;

/**
 * The check of a request's SIMs, as every screen that makes a request shows it (Sim Actions, an activation, a
 * whitelist): what it is for, the Check button, a note when the SIMs changed since the last check, the per-SIM
 * preview, and — when some SIMs cannot take the request — whether to go ahead without them.
 */
export function RequestCheck(props: {
  help: string;
  stale: string;
  /** A check was made (for these SIMs or others since changed). */
  made: boolean;
  current: TCurrentCheck | null;
  pending: boolean;
  busy: boolean;
  onCheck: () => void;
  proceed: boolean;
  onProceed: (proceed: boolean) => void;
  testId?: string;
  /** What the screen adds under the preview (an activation's cost). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { current } = props;
  const invalid = invalidCountOf(current);
  return (
    <Stack spacing={2} data-testid={props.testId}>
      <Typography variant="body2" color="text.secondary">
        {props.help}
      </Typography>
      <Box>
        <Button
          variant={current ? 'outlined' : 'contained'}
          startIcon={props.pending ? <CircularProgress size={16} /> : <TaskAltOutlined />}
          onClick={props.onCheck}
          disabled={props.busy}
        >
          {current ? t('form.checkAgain') : t('form.check')}
        </Button>
      </Box>
      {props.made && !current && (
        <Typography variant="body2" color="text.secondary">
          {props.stale}
        </Typography>
      )}
      {current && <RequestPreview preview={current.preview} list={current.list} fileRows={current.fromFile} />}
      {current && invalid > 0 && current.preview.valid > 0 && (
        <FormControlLabel
          control={<Checkbox checked={props.proceed} onChange={(e) => props.onProceed(e.target.checked)} />}
          label={t('form.proceed', { count: invalid, invalid: number.format(invalid), valid: number.format(current.preview.valid) })}
        />
      )}
      {props.children}
    </Stack>
  );
}
