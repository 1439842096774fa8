import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { REQUEST_FILE_MAX_BYTES, REQUEST_FILE_ROWS_MAX, REQUEST_ICCID_LIST_MAX } from '@tarang/shared/requests/request.constants';
import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import type { TRequestFile } from '../api/types';
import { useUploadIccidFile } from '../api/upload-iccid-file';
import { useNumberFormat } from '../hooks/use-number-format';
import type { TIccidList } from '../utils/iccid-list';
import { useRequestMessages } from '../utils/messages';

export type TSourceKind = 'paste' | 'upload' | 'filter';

/** A file of ICCIDs the server has read (POST /request/file): a request names it by `id`. */
export type TSourceFile = { id: string; name: string; count: number; rejected: number; rows: TRequestFile['rows'] };

export type TSourceState = {
  kind: TSourceKind;
  text: string;
  file: TSourceFile | null;
};

/** Rows without an ICCID listed under the file (the server reports up to 1,000; the count is complete). */
const REJECTED_SHOWN = 5;
const FILE_MAX_MB = Math.round(REQUEST_FILE_MAX_BYTES / 1024 / 1024);

/** What the server read from the file: the ICCIDs kept and the first rows left out, with why. */
function FileSummary({ file }: { file: TSourceFile }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { message } = useRequestMessages();
  const shown = file.rows.slice(0, REJECTED_SHOWN);
  const more = file.rejected - shown.length;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" data-testid="source-count" aria-live="polite">
        {t('source.fileCount', { count: file.count, formatted: number.format(file.count) })}
      </Typography>
      {file.rejected > 0 && (
        <Alert severity="warning" variant="outlined" data-testid="file-rejected">
          <Typography variant="body2">
            {t('source.fileRejected', { count: file.rejected, formatted: number.format(file.rejected) })}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {shown.map((r) => (
              <Typography component="li" variant="body2" key={r.row}>
                {t('source.fileRow', { row: r.row })}
                {r.value && (
                  <>
                    {': '}
                    <Box component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' }}>
                      {r.value}
                    </Box>
                  </>
                )}
                {` — ${message(r.reason)}`}
              </Typography>
            ))}
          </Box>
          {more > 0 && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('source.fileRowsMore', { count: more, formatted: number.format(more) })}
            </Typography>
          )}
        </Alert>
      )}
    </Stack>
  );
}

function FilterSummary({ filter, limit }: { filter: TSimFilter; limit: number | null }) {
  const { t } = useTranslation('requests');
  const organizations = useOrganizationOptions(!!filter.organizationId);
  const number = useNumberFormat();
  const chips: string[] = [];
  if (filter.status?.length)
    chips.push(t('filter.status', { value: filter.status.map((s) => t(`simStatus.${s}`, { defaultValue: s })).join(', ') }));
  if (filter.operator?.length) chips.push(t('filter.operator', { value: filter.operator.join(', ') }));
  if (filter.organizationId) {
    const name = organizations.data?.find((o) => o.id === filter.organizationId)?.tradeName ?? filter.organizationId;
    chips.push(t('filter.organization', { value: name }));
  }
  if (filter.inStock) chips.push(t('filter.inStock'));
  if (filter.imeiLock !== undefined) chips.push(t(filter.imeiLock ? 'filter.imeiLocked' : 'filter.imeiUnlocked'));
  if (filter.tag) chips.push(t('filter.tag', { value: filter.tag }));
  if (filter.label) chips.push(t('filter.label', { value: filter.label }));
  if (filter.search) chips.push(t('filter.search', { value: filter.search }));
  if (filter.expiresFrom || filter.expiresTo)
    chips.push(t('filter.expires', { from: filter.expiresFrom ?? '…', to: filter.expiresTo ?? '…' }));
  if (filter.planId) chips.push(t('filter.plan', { value: filter.planId }));
  if (limit) chips.push(t('filter.limit', { value: number.format(limit) }));
  return (
    <Box data-testid="filter-summary">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {chips.length ? t('source.filterText') : t('source.filterAll')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {chips.map((c) => (
          <Chip key={c} size="small" icon={<FilterAltOutlined />} label={c} />
        ))}
      </Stack>
    </Box>
  );
}

type TSimsSourceProps = {
  state: TSourceState;
  onChange: (state: TSourceState) => void;
  /** The inventory's filter, when the page was opened with one. */
  filter: TSimFilter | null;
  limit: number | null;
  /** How many ICCIDs came from the inventory's selection (shown above the list). */
  fromSelection: number | null;
  /** The pasted list as read (its count is shown under it). */
  list: TIccidList;
  error?: string;
};

/** Which SIMs: a pasted list, a CSV/XLSX file of ICCIDs, or the inventory filter the page was opened with. */
export function SimsSource({ state, onChange, filter, limit, fromSelection, list, error }: TSimsSourceProps) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadIccidFile();
  const { failure } = useRequestMessages();
  const [fileError, setFileError] = useState<string | null>(null);
  const reading = upload.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    if (file.size > REQUEST_FILE_MAX_BYTES) {
      setFileError(t('source.fileTooLarge', { size: number.format(FILE_MAX_MB) }));
      return;
    }
    try {
      const read = await upload.mutateAsync(file);
      onChange({
        ...state,
        kind: 'upload',
        file: { id: read.id, name: read.fileName, count: read.count, rejected: read.rejected, rows: read.rows },
      });
    } catch (error) {
      setFileError(failure(error));
    }
  };

  const summary =
    state.kind === 'filter' ? null : (
      <Typography
        variant="body2"
        color={list.iccids.length ? 'text.primary' : 'text.secondary'}
        data-testid="source-count"
        aria-live="polite"
      >
        {t('source.count', { count: list.iccids.length, formatted: number.format(list.iccids.length) })}
        {list.issues.length > 0 &&
          ` · ${t('source.notIccids', { count: list.issues.length, formatted: number.format(list.issues.length) })}`}
      </Typography>
    );

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={state.kind}
        onChange={(_e, kind: TSourceKind | null) => kind && onChange({ ...state, kind })}
        aria-label={t('source.how')}
      >
        <ToggleButton value="paste">
          <ContentPasteOutlined fontSize="small" sx={{ mr: 1 }} />
          {t('source.paste')}
        </ToggleButton>
        <ToggleButton value="upload">
          <UploadFileOutlined fontSize="small" sx={{ mr: 1 }} />
          {t('source.upload')}
        </ToggleButton>
        {filter && (
          <ToggleButton value="filter">
            <FilterAltOutlined fontSize="small" sx={{ mr: 1 }} />
            {t('source.filter')}
          </ToggleButton>
        )}
      </ToggleButtonGroup>

      {state.kind === 'paste' && (
        <>
          {fromSelection !== null && (
            <Alert severity="info" variant="outlined">
              {t('source.fromSelection', { count: fromSelection, formatted: number.format(fromSelection) })}
            </Alert>
          )}
          <TextField
            id={inputId}
            label={t('source.pasteLabel')}
            placeholder={t('source.pastePlaceholder')}
            multiline
            minRows={5}
            maxRows={14}
            value={state.text}
            onChange={(e) => onChange({ ...state, text: e.target.value })}
            error={!!error}
            helperText={error ?? t('source.pasteHelp', { max: number.format(REQUEST_ICCID_LIST_MAX) })}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
          />
          {summary}
        </>
      )}

      {state.kind === 'upload' && (
        <Stack spacing={1.5}>
          <Box
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: error || fileError ? 'error.main' : 'divider',
              borderRadius: 2,
              p: 3,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1,
              textAlign: 'center',
            }}
          >
            <UploadFileOutlined color={state.file ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{state.file ? state.file.name : t('source.noFile')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('source.fileHelp', { max: number.format(REQUEST_FILE_ROWS_MAX), size: number.format(FILE_MAX_MB) })}
            </Typography>
            <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={reading}>
              {reading ? t('source.reading') : state.file ? t('source.chooseOther') : t('source.chooseFile')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx"
              hidden
              aria-label={t('source.fileInput')}
              data-testid="iccid-file-input"
              onChange={(e) => void onFile(e)}
            />
          </Box>
          {fileError && (
            <Alert severity="error" role="alert">
              {fileError}
            </Alert>
          )}
          {error && !fileError && (
            <Typography variant="body2" color="error" role="alert">
              {error}
            </Typography>
          )}
          {state.file && <FileSummary file={state.file} />}
        </Stack>
      )}

      {state.kind === 'filter' && filter && <FilterSummary filter={filter} limit={limit} />}
    </Stack>
  );
}

export const EMPTY_SOURCE: TSourceState = { kind: 'paste', text: '', file: null };
