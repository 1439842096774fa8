import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TSelectFilter } from './filters';

type TSelectFilterProps = {
  filter: TSelectFilter;
  /** The value as the address holds it (comma-separated when several). */
  value: string | undefined;
  onChange: (value: string | null) => void;
};

/** One value of a list ("Any" first), or several, ticked. */
export function SelectFilter({ filter, value, onChange }: TSelectFilterProps) {
  const { label, options, anyLabel, multiple, width } = filter;
  if (!multiple) {
    return (
      <TextField
        select
        size="small"
        label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        sx={{ minWidth: { md: width ?? 150 } }}
      >
        <MenuItem value="">{anyLabel}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const chosen = value ? value.split(',') : [];
  const labelOf = new Map(options.map((o) => [o.value, o.label]));
  return (
    <TextField
      select
      size="small"
      label={label}
      value={chosen}
      onChange={(e) => {
        const next = e.target.value as unknown as string[] | string;
        onChange((typeof next === 'string' ? next : next.join(',')) || null);
      }}
      sx={{ minWidth: { md: width ?? 170 }, maxWidth: { md: 260 } }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as string[];
            return list.length ? list.map((v) => labelOf.get(v) ?? v).join(', ') : anyLabel;
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} dense>
          <Checkbox size="small" checked={chosen.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
