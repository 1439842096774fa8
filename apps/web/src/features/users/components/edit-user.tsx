import type { TUser } from '@tarang/shared/users/user.schemas';
import { RecordLoader } from '@/components/form/record-loader';
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
  const { failure } = useUserMessages();
  const canReadUsers = useCan('user');
  const query = useUser(id, { enabled: canReadUsers });
  const read = canReadUsers
    ? query
    : { isPending: false, data: id === me.id ? me : undefined, error: { code: 'NOT_FOUND', message: 'User not found' } };
  return (
    <RecordLoader query={read} failure={failure}>
      {(user) => <UserForm key={user.id} user={user} onSaved={onSaved} onCancel={onCancel} />}
    </RecordLoader>
  );
}
