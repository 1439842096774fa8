import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Refused rows listed one by one; the rest are counted. */
const ROWS_SHOWN = 50;

type TProps<R> = {
  rows: R[];
  /** How many rows were refused in all (the server lists the first ones). */
  total: number;
  title: string;
  keyOf: (row: R) => string | number;
  /** One row in the reader's words ("Row 3, 12345: …"). */
  line: (row: R) => string;
  /** "and 12 more rows". */
  more: (count: number) => string;
};

/** The rows of a file the server did not take, each with its line and why. */
export function RefusedRows<R>({ rows, total, title, keyOf, line, more }: TProps<R>) {
  const shown = rows.slice(0, ROWS_SHOWN);
  const rest = total - shown.length;
  return (
    <Alert severity="warning" variant="outlined" role="note" data-testid="refused-rows">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="ul" aria-label={title} sx={{ m: 0, pl: 2.5, maxHeight: 220, overflowY: 'auto' }}>
        {shown.map((r) => (
          <li key={keyOf(r)}>
            <Typography variant="body2">{line(r)}</Typography>
          </li>
        ))}
      </Box>
      {rest > 0 && <Typography variant="body2">{more(rest)}</Typography>}
    </Alert>
  );
}
