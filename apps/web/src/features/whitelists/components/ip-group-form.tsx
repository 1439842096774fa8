import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { FormCard, FormSection, FULL_ROW } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useCreateIpGroup } from '../api/create-ip-group';
import { ipGroupAddSchema, type TIpGroupAddInput } from '../utils/group-forms';
import { EMPTY_ROW, entriesOfRows, throwEntryErrors } from '../utils/ip-entry-rows';
import { useWhitelistMessages } from '../utils/messages';
import { IpEntriesField } from './ip-entries-field';
import { useOrganizationReach } from './use-organization-reach';

type TIpGroupFormProps = {
  onSaved: (group: TIpGroup) => void;
  onCancel: () => void;
};

/**
 * A new IP group (spec /white-listing/group/add): the organisation it is for (staff choose one; an organisation user
 * with organisations below it may), its name and description, and its destinations. Each row is checked with the shared
 * rules before sending, and what the server refuses shows under its row. It goes to the provider for approval.
 */
export function IpGroupForm({ onSaved, onCancel }: TIpGroupFormProps) {
  const { t } = useTranslation('whitelists');
  const messages = useWhitelistMessages();
  const reach = useOrganizationReach();
  const ownId = reach.own?.id ?? '';
  const schema = useMemo(() => ipGroupAddSchema(reach.staff), [reach.staff]);
  const defaultValues: TIpGroupAddInput = { organizationId: ownId, name: '', description: '', rows: [{ ...EMPTY_ROW }] };
  const form = useSchemaForm(schema, { defaultValues });
  const create = useCreateIpGroup();
  const known = useMemo(() => (reach.own ? [{ id: reach.own.id, tradeName: reach.own.tradeName, parentId: null }] : []), [reach.own]);

  return (
    <FormCard
      form={form}
      messages={messages}
      label={t('ipGroupForm.label')}
      submitLabel={t('actions.sendForApproval')}
      notice={t('ipGroupForm.notice')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const saved = await create
          .mutateAsync({
            // An organisation's own groups need no organisation named.
            ...(values.organizationId && values.organizationId !== ownId ? { organizationId: values.organizationId } : {}),
            name: values.name,
            description: values.description,
            entries: entriesOfRows(values.rows),
          })
          .catch((error: unknown) => throwEntryErrors(error, form.setError));
        notify.success(messages.success(saved.message, 'created'));
        onSaved(saved.group);
      }}
    >
      <FormSection title={t('ipGroupForm.details')}>
        {reach.many && (
          <OrganizationField
            name="organizationId"
            label={t('fields.organization')}
            required={reach.staff}
            canList={reach.canList}
            known={known}
            hint={reach.canList ? t('form.organizationHint') : t('form.cannotListOrganizations')}
          />
        )}
        <FormTextField name="name" label={t('fields.name')} required autoComplete="off" />
        <FormTextField name="description" label={t('fields.description')} autoComplete="off" multiline minRows={2} sx={FULL_ROW} />
      </FormSection>
      <FormSection divider grid={false} title={t('ipGroupForm.destinations')}>
        <IpEntriesField />
      </FormSection>
    </FormCard>
  );
}
