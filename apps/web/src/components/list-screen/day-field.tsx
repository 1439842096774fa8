import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDay, parseDay } from '@/lib/date';

type TDayFieldProps = {
  label: string;
  /** YYYY-MM-DD. */
  value: string | undefined;
  onChange: (day: string | null) => void;
  placeholder?: string;
  width?: number;
};

/** A date filter typed as DD/MM/YYYY; the list changes once the text is a real day (or empty). */
export function DayField({ label, value, onChange, placeholder, width = 140 }: TDayFieldProps) {
  const { t } = useTranslation('list');
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
      placeholder={placeholder ?? t('filters.dayPlaceholder')}
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
      helperText={invalid ? t('filters.dayInvalid') : undefined}
      sx={{ width: { md: width } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
