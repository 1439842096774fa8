import type { ComponentProps } from 'react';
import { RecordLoader } from '@/components/form/record-loader';
import { useRole } from '../api/get-role';
import { useRoleMessages } from '../utils/messages';
import { RoleForm } from './role-form';

type TEditRoleProps = Omit<ComponentProps<typeof RoleForm>, 'role'> & { id: string };

/** Loads a role and shows the form. */
export function EditRole({ id, ...props }: TEditRoleProps) {
  const { failure } = useRoleMessages();
  return (
    <RecordLoader query={useRole(id)} failure={failure}>
      {(role) => <RoleForm key={role.id} role={role} {...props} />}
    </RecordLoader>
  );
}
