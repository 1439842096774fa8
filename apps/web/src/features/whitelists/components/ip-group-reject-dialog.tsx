import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { ZIpGroupReject } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useRejectIpGroup } from '../api/reject-ip-group';
import { useWhitelistMessages } from '../utils/messages';

/** Reject Request (staff): the entries waiting for review are refused, with a reason the customer is shown. */
export function IpGroupRejectDialog({ group, onClose }: { group: TIpGroup; onClose: () => void }) {
  const { t } = useTranslation('whitelists');
  const messages = useWhitelistMessages();
  const reject = useRejectIpGroup();
  const form = useSchemaForm(ZIpGroupReject, { defaultValues: { reason: '' } });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('reject.title', { name: group.name })}
      text={t('reject.text')}
      submitLabel={t('actions.rejectRequest')}
      submitColor="error"
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        const result = await reject.mutateAsync({ id: group.id, reason });
        notify.success(messages.success(result.message, 'rejected'));
        onClose();
      }}
    >
      <FormTextField name="reason" label={t('reject.reason')} required autoComplete="off" fullWidth autoFocus />
    </FormDialog>
  );
}
