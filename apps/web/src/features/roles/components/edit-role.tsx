import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ComponentProps } from 'react';
import { useRole } from '../api/get-role';
import { useRoleMessages } from '../utils/messages';
import { RoleForm } from './role-form';

type TEditRoleProps = Omit<ComponentProps<typeof RoleForm>, 'role'> & { id: string };

/** Loads a role and shows the form. */
export function EditRole({ id, ...props }: TEditRoleProps) {
  const messages = useRoleMessages();
  const query = useRole(id);
  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-hidden="true" />
      </Box>
    );
  }
  if (!query.data) {
    return (
      <Alert severity="error" role="alert">
        {messages.failure(query.error)}
      </Alert>
    );
  }
  return <RoleForm key={query.data.id} role={query.data} {...props} />;
}
