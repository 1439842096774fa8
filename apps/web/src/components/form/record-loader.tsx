import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

type TRecordLoaderProps<T> = {
  /** The record's read (a TanStack query fits). */
  query: { isPending: boolean; data: T | undefined; error: unknown };
  /** The reader's words for a read that failed. */
  failure: (error: unknown) => string;
  /** The form of the loaded record. */
  children: (record: T) => ReactNode;
};

/** An edit screen: a spinner while its record loads, why it could not be loaded, then its form. */
export function RecordLoader<T>({ query, failure, children }: TRecordLoaderProps<T>) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-hidden="true" />
      </Box>
    );
  }
  if (query.data === undefined) {
    return (
      <Alert severity="error" role="alert">
        {failure(query.error)}
      </Alert>
    );
  }
  return children(query.data);
}
