import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { iccidError } from '@tarang/shared/sims/identifiers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iccidValue } from '@/components/form/fields/iccid-field';
import { useFormField } from '@/components/form/fields/use-form-field';
import { useTicketMessages } from '../utils/messages';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * The ICCIDs in what was typed or pasted: separated by commas, semicolons or line breaks, or by spaces when each part
 * is a whole ICCID (an ICCID printed in groups of digits stays one).
 */
export function iccidsIn(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .flatMap((piece) => {
      const parts = piece.trim().split(/\s+/).filter(Boolean);
      return parts.length > 1 && parts.every((p) => /^\d{19,20}$/.test(p)) ? parts : [iccidValue(piece)];
    })
    .filter(Boolean);
}

type TProps = { name: string; label: string; hint: string; max: number; sx?: SxProps<Theme> };

/**
 * SIMs by their ICCIDs, each a chip: typed or pasted and added with Enter (or by leaving the field). An ICCID that is
 * not one (wrong length, check digit) is not added, and the field says which and why.
 */
export function IccidsField({ name, label, hint, max, sx }: TProps) {
  const { t } = useTranslation('tickets');
  const { message } = useTicketMessages();
  const { field, error, helperText, readOnly } = useFormField(name, hint);
  const [refused, setRefused] = useState<string | null>(null);
  const value = (field.value as string[] | undefined) ?? [];

  const change = (entries: string[]) => {
    const next: string[] = [];
    let problem: string | null = null;
    for (const iccid of entries.flatMap(iccidsIn)) {
      const why = iccidError(iccid);
      if (why) problem ??= t('add.iccidRefused', { iccid, reason: message(why) });
      else if (!next.includes(iccid)) next.push(iccid);
    }
    setRefused(problem);
    field.onChange(next.slice(0, max));
  };

  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[] as string[]}
      value={value}
      disabled={readOnly}
      onChange={(_event, entries) => change(entries)}
      onBlur={field.onBlur}
      sx={sx}
      renderValue={(chosen, getItemProps) =>
        chosen.map((iccid, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={iccid} sx={{ fontFamily: MONO }} {...itemProps} />;
        })
      }
      renderInput={(props) => (
        <TextField
          {...props}
          inputRef={field.ref}
          name={field.name}
          label={label}
          error={Boolean(refused) || error}
          helperText={refused ?? helperText}
          slotProps={{ ...props.slotProps, htmlInput: { ...props.slotProps.htmlInput, inputMode: 'numeric', spellCheck: false } }}
        />
      )}
    />
  );
}
