import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { TUser } from '@tarang/shared/users/user.schemas';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { useUser } from '../api/get-user';
import { useUserMessages } from '../utils/messages';
import { UserForm } from './user-form';

type TEditUserProps = { id: string; onSaved: (user?: TUser) => void; onCancel: () => void };

/**
 * Loads a user and shows the form. Everyone may open their own profile: without the User module
 * the form shows what the session already knows about them.
 */
export function EditUser({ id, onSaved, onCancel }: TEditUserProps) {
  const { user: me } = useSignedIn();
  const messages = useUserMessages();
  const canReadUsers = useCan('user');
  const query = useUser(id, { enabled: canReadUsers });
  const user = canReadUsers ? query.data : id === me.id ? me : undefined;

  if (canReadUsers && query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-hidden="true" />
      </Box>
    );
  }
  if (!user) {
    return (
      <Alert severity="error" role="alert">
        {messages.failure(query.error ?? { code: 'NOT_FOUND', message: 'User not found' })}
      </Alert>
    );
  }
  return <UserForm key={user.id} user={user} onSaved={onSaved} onCancel={onCancel} />;
}
