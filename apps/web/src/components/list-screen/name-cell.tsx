import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type TNameCellProps = {
  name: string;
  /** Before the name: an avatar, the mark of a child in a tree. */
  start?: ReactNode;
  /** After the name: a chip ("Built-in"). */
  end?: ReactNode;
  /** Levels below the top of a tree. */
  indent?: number;
};

/** The cell that names a row: its name in bold on one line, with what belongs before and after it. */
export function NameCell({ name, start, end, indent = 0 }: TNameCellProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, pl: indent * 2.5 }}>
      {start}
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {end}
    </Stack>
  );
}
