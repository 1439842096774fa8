import type { TNumberGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { WHITELIST_DEFAULT_LIMITS } from '@tarang/shared/whitelists/whitelist.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { FormCard, FormSection, FULL_ROW } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useCreateNumberGroup } from '../api/create-number-group';
import { numberGroupAddSchema, type TNumberGroupAddInput } from '../utils/group-forms';
import { useWhitelistMessages } from '../utils/messages';
import { numberItems, numbersOfText, throwNumberErrors } from '../utils/number-lines';
import { NumbersField } from './numbers-field';
import { useOrganizationReach } from './use-organization-reach';

type TNumberGroupFormProps = {
  onSaved: (group: TNumberGroup) => void;
  onCancel: () => void;
};

/**
 * A new number group (spec /white-listing/number/add): the organisation it is for (staff choose one; an organisation
 * user with organisations below it may), its name and description, and optionally its first numbers, checked with the
 * shared rules before sending. A number the server refuses shows by line, and then nothing is saved.
 */
export function NumberGroupForm({ onSaved, onCancel }: TNumberGroupFormProps) {
  const { t } = useTranslation('whitelists');
  const messages = useWhitelistMessages();
  const reach = useOrganizationReach();
  const ownId = reach.own?.id ?? '';
  const schema = useMemo(() => numberGroupAddSchema(reach.staff), [reach.staff]);
  const defaultValues: TNumberGroupAddInput = { organizationId: ownId, name: '', description: '', numbers: '' };
  const form = useSchemaForm(schema, { defaultValues });
  const create = useCreateNumberGroup();
  const known = useMemo(() => (reach.own ? [{ id: reach.own.id, tradeName: reach.own.tradeName, parentId: null }] : []), [reach.own]);

  return (
    <FormCard
      form={form}
      messages={messages}
      label={t('numberGroupForm.label')}
      submitLabel={t('actions.createNumberGroup')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const saved = await create
          .mutateAsync({
            ...(values.organizationId && values.organizationId !== ownId ? { organizationId: values.organizationId } : {}),
            name: values.name,
            description: values.description,
            ...(numberItems(values.numbers).length ? { numbers: numbersOfText(values.numbers) } : {}),
          })
          .catch((error: unknown) => throwNumberErrors(error, form.setError, 'numbers'));
        notify.success(messages.success(saved.message, 'numberGroupCreated'));
        onSaved(saved.group);
      }}
    >
      <FormSection title={t('numberGroupForm.details')}>
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
      <FormSection
        divider
        grid={false}
        title={t('numberGroupForm.numbers')}
        hint={t('numberGroupForm.numbersHint', { limit: WHITELIST_DEFAULT_LIMITS.numbers })}
      >
        <NumbersField name="numbers" label={t('fields.numbers')} hint={t('numbers.hint')} />
      </FormSection>
    </FormCard>
  );
}
