import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { useOrganization } from '../api/get-organization';
import { useOrganizationMessages } from '../utils/messages';
import { OrganizationForm } from './organization-form';

type TEditOrganizationProps = {
  id: string;
  isStaff: boolean;
  ownOrganizationId: string | null;
  canSave: boolean;
  onSaved: (organization: TOrganization) => void;
  onCancel: () => void;
};

/** Loads an organisation and shows the form. */
export function EditOrganization({ id, ...props }: TEditOrganizationProps) {
  const messages = useOrganizationMessages();
  const query = useOrganization(id);
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
  return <OrganizationForm key={query.data.id} organization={query.data} {...props} />;
}
