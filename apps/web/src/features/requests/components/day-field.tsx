import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A day typed as DD/MM/YYYY (spec §9), as the API takes it (YYYY-MM-DD); null when it is not a real day. */
export function parseDay(text: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD as DD/MM/YYYY. */
export function displayDay(iso: string | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** A date filter typed as DD/MM/YYYY; the list changes once the text is a real day (or empty). */
export function DayField({ label, value, onChange }: { label: string; value: string | undefined; onChange: (day: string | null) => void }) {
  const { t } = useTranslation('requests');
  const [text, setText] = useState(displayDay(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if ((parseDay(text) ?? '') !== (value ?? '')) setText(displayDay(value));
  }, [value]);
  const invalid = text.trim() !== '' && parseDay(text) === null;
  return (
    <TextField
      size="small"
      label={label}
      placeholder={t('list.dayPlaceholder')}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (!next.trim()) onChange(null);
        else {
          const day = parseDay(next);
          if (day) onChange(day);
        }
      }}
      error={invalid}
      helperText={invalid ? t('list.dayInvalid') : undefined}
      sx={{ width: { md: 140 } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
