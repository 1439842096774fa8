import type { ComponentProps } from 'react';
import { RecordLoader } from '@/components/form/record-loader';
import { useOrganization } from '../api/get-organization';
import { useOrganizationMessages } from '../utils/messages';
import { OrganizationForm } from './organization-form';

type TEditOrganizationProps = Omit<ComponentProps<typeof OrganizationForm>, 'organization'> & { id: string };

/** Loads an organisation and shows the form. */
export function EditOrganization({ id, ...props }: TEditOrganizationProps) {
  const { failure } = useOrganizationMessages();
  return (
    <RecordLoader query={useOrganization(id)} failure={failure}>
      {(organization) => <OrganizationForm key={organization.id} organization={organization} {...props} />}
    </RecordLoader>
  );
}
