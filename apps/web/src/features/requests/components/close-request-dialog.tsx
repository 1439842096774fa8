import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { notify } from '@/lib/notify';
import { useCloseRequest } from '../api/request-actions';
import type { TRequest } from '../api/types';
import { useRequestMessages } from '../utils/messages';

/** Close Request (an ended request): no more messages or checkpoint changes after it; a note for the record. */
export function CloseRequestDialog({ request, onClose }: { request: TRequest; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const messages = useRequestMessages();
  const close = useCloseRequest();
  const form = useForm({ defaultValues: { note: '' } });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('confirm.closeTitle', { batchJobId: request.batchJobId })}
      text={t('confirm.closeText')}
      submitLabel={t('actions.close')}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ note }) => {
        const result = await close.mutateAsync({ id: request.id, note: note.trim() || undefined });
        notify.success(messages.message(result.message) || t('messages.closedOk'));
        onClose();
      }}
    >
      <FormTextField name="note" label={t('confirm.closeNote')} fullWidth />
    </FormDialog>
  );
}
