import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useUpdateIpGroup } from '../api/update-ip-group';
import { type TIpGroupFormInput, ZIpGroupForm } from '../utils/group-forms';
import { EMPTY_ROW, entriesOfRows, rowOfEntry, sameEntries, throwEntryErrors } from '../utils/ip-entry-rows';
import { useWhitelistMessages } from '../utils/messages';
import { IpEntriesField } from './ip-entries-field';

/** The rows to start from: the newest entries (waiting for review or rejected), else the approved ones. */
function startingValues(group: TIpGroup): TIpGroupFormInput {
  const rows = (group.proposedEntries ?? group.entries).map(rowOfEntry);
  return { name: group.name, description: group.description ?? '', rows: rows.length ? rows : [{ ...EMPTY_ROW }] };
}

/**
 * Edit an IP group: a new name or description applies at once; changed destinations go to the provider for review,
 * while the approved ones stay applied until then. Destinations are sent only when they changed.
 */
export function IpGroupEditDialog({ group, onClose }: { group: TIpGroup; onClose: () => void }) {
  const { t } = useTranslation('whitelists');
  const messages = useWhitelistMessages();
  const update = useUpdateIpGroup();
  const [start] = useState(() => startingValues(group));
  const form = useSchemaForm(ZIpGroupForm, { defaultValues: start });

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('edit.title', { name: group.name })}
      text={t('edit.text')}
      submitLabel={t('actions.save')}
      maxWidth="md"
      onClose={onClose}
      onSubmit={async (values) => {
        const entries = entriesOfRows(values.rows);
        const changed = !sameEntries(entries, entriesOfRows(start.rows));
        const saved = await update
          .mutateAsync({ id: group.id, data: { name: values.name, description: values.description, ...(changed ? { entries } : {}) } })
          .catch((error: unknown) => throwEntryErrors(error, form.setError));
        notify.success(messages.success(saved.message, 'updated'));
        onClose();
      }}
    >
      <FormTextField name="name" label={t('fields.name')} required autoComplete="off" fullWidth />
      <FormTextField name="description" label={t('fields.description')} autoComplete="off" multiline minRows={2} fullWidth />
      <IpEntriesField />
    </FormDialog>
  );
}
