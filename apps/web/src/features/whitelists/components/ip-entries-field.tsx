import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IP_PROTOCOLS } from '@tarang/shared/whitelists/ip-entries';
import { WHITELIST_DEFAULT_LIMITS } from '@tarang/shared/whitelists/whitelist.schemas';
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { useFormFrame } from '@/components/form/form-frame';
import { EMPTY_ROW, rowsOfText, type TIpEntryRow, textOfRows } from '../utils/ip-entry-rows';

type TRowsForm = { rows: TIpEntryRow[] };

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };
const ROW_COLUMNS = { xs: '1fr', sm: 'minmax(0, 2fr) 130px minmax(0, 1.3fr) 40px' };

/**
 * The destinations of an IP group (the form's `rows`): a row each — address or CIDR range, protocol (TCP, UDP or ANY)
 * and ports (one, a range, or empty for every port) — added and removed one by one, or typed as a list in the
 * "Paste list" box, a line a destination, which becomes the rows. Each problem shows under its row's field; a save
 * that the rows refuse goes back to the rows.
 */
export function IpEntriesField() {
  const { t } = useTranslation('whitelists');
  const { control, getValues, setValue } = useFormContext<TRowsForm>();
  const { errors, submitCount } = useFormState({ control });
  // The rows are one array field, changed whole (react-hook-form's field arrays would add their code to the chunk the
  // sign-in page shares with every form).
  const rows = useWatch({ control, name: 'rows' }) ?? [];
  const setRows = (next: TIpEntryRow[]) => setValue('rows', next, { shouldDirty: true, shouldValidate: submitCount > 0 });
  const { readOnly, busy, translate } = useFormFrame();
  // The paste box, with the count of submissions when it opened: a later one the rows refuse shows the rows again.
  const [paste, setPaste] = useState<{ text: string; since: number } | null>(null);
  const rowsError = errors.rows;
  const listError = rowsError?.root?.message ?? rowsError?.message;
  const pasting = paste !== null && !(rowsError && submitCount > paste.since);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {t('entries.hint', { limit: WHITELIST_DEFAULT_LIMITS.ipEntries })}
        </Typography>
        {!readOnly && (
          <Button
            size="small"
            disabled={busy}
            startIcon={pasting ? <TableRowsOutlined /> : <ContentPasteOutlined />}
            onClick={() => setPaste(pasting ? null : { text: textOfRows(getValues('rows')), since: submitCount })}
            sx={{ flexShrink: 0 }}
          >
            {pasting ? t('entries.showRows') : t('entries.pasteList')}
          </Button>
        )}
      </Stack>

      {pasting ? (
        <TextField
          label={t('entries.pasteLabel')}
          placeholder={t('entries.pastePlaceholder')}
          helperText={t('entries.pasteHint')}
          multiline
          minRows={5}
          maxRows={16}
          fullWidth
          disabled={busy}
          value={paste.text}
          onChange={(event) => {
            setPaste({ ...paste, text: event.target.value });
            setRows(rowsOfText(event.target.value));
          }}
          slotProps={{ htmlInput: { spellCheck: false, style: MONO } }}
        />
      ) : (
        <Stack spacing={2}>
          {rows.map((_, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; its fields are named by it
              key={index}
              role="group"
              aria-label={t('entries.row', { row: index + 1 })}
              sx={{ display: 'grid', gridTemplateColumns: ROW_COLUMNS, gap: 1.5, alignItems: 'start' }}
            >
              <FormTextField
                name={`rows.${index}.address`}
                label={t('entries.address')}
                placeholder={t('entries.addressPlaceholder')}
                autoComplete="off"
                fullWidth
                inputProps={{ spellCheck: false, style: MONO }}
              />
              <FormSelect
                name={`rows.${index}.protocol`}
                label={t('entries.protocol')}
                options={IP_PROTOCOLS.map((protocol) => ({ value: protocol, label: t(`protocols.${protocol}`) }))}
              />
              <FormTextField
                name={`rows.${index}.ports`}
                label={t('entries.ports')}
                placeholder={t('entries.portsPlaceholder')}
                autoComplete="off"
                fullWidth
                inputProps={{ spellCheck: false, style: MONO }}
              />
              {!readOnly && (
                <Tooltip title={t('entries.removeRow')}>
                  <span>
                    <IconButton
                      aria-label={t('entries.removeRowNamed', { row: index + 1 })}
                      disabled={busy}
                      onClick={() => setRows(getValues('rows').filter((_, i) => i !== index))}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Box>
          ))}
        </Stack>
      )}

      {!readOnly && !pasting && (
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddOutlined />}
            disabled={busy}
            onClick={() => setRows([...getValues('rows'), { ...EMPTY_ROW }])}
          >
            {t('entries.addRow')}
          </Button>
        </Box>
      )}
      {listError && <Alert severity="error">{translate(listError)}</Alert>}
    </Stack>
  );
}
