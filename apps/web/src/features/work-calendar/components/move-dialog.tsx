import type { TCalendarRequest } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { isoToIndiaLocal } from '@/features/requests/utils/schedule';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useMoveScheduled } from '../api/move-scheduled';
import { useWorkCalendarMessages } from '../utils/messages';
import { moveFormSchema, type TMoveFormInput } from '../utils/move-form';

/** Move: a scheduled whitelist cancellation to another date and time, typed in India time. */
export function MoveDialog({ request, typeLabel, onClose }: { request: TCalendarRequest; typeLabel: string; onClose: () => void }) {
  const { t } = useTranslation('work-calendar');
  const messages = useWorkCalendarMessages();
  const move = useMoveScheduled();
  const schema = useMemo(() => moveFormSchema(), []);
  const form = useSchemaForm<TMoveFormInput, { scheduledAt: string }>(schema, {
    defaultValues: { scheduledAt: isoToIndiaLocal(request.scheduledAt) },
  });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('move.title', { type: typeLabel })}
      text={t('move.text', { count: request.simsCount, at: `${formatDateTime(request.scheduledAt)} IST` })}
      submitLabel={t('move.submit')}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ scheduledAt }) => {
        const result = await move.mutateAsync({ requestId: request.requestId, scheduledAt });
        notify.success(messages.success(result.message, 'moved'));
        onClose();
      }}
    >
      <FormTextField name="scheduledAt" type="datetime-local" label={t('move.field')} hint={t('move.hint')} required />
    </FormDialog>
  );
}
