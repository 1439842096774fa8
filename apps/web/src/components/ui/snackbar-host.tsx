import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { attachSnackbarHost } from '@/lib/notify';

function Attach() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    attachSnackbarHost(enqueueSnackbar);
    return () => attachSnackbarHost(null);
  }, [enqueueSnackbar]);
  return null;
}

/** The snackbar stack: bottom-right, at most 6 at once (spec §9). */
export default function SnackbarHost() {
  return (
    <SnackbarProvider maxSnack={6} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} autoHideDuration={5000}>
      <Attach />
    </SnackbarProvider>
  );
}
