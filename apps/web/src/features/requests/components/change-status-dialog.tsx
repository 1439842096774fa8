import { JOB_STATUS_CHANGES } from '@tarang/shared/requests/request.constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useChangeJobStatus } from '../api/job-actions';
import type { TJob } from '../api/types';
import { useRequestMessages } from '../utils/messages';

const REASON_MAX = 500;

/** Change Status (staff, with a reason, audited): CANCELLED or FAILED stops every task that has not reached an operator. */
export function ChangeStatusDialog({ job, onClose }: { job: TJob; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const messages = useRequestMessages();
  const change = useChangeJobStatus();
  const schema = useMemo(
    () =>
      z.object({
        status: z.enum(JOB_STATUS_CHANGES),
        reason: z
          .string()
          .trim()
          .min(1, t('errors.reasonRequired'))
          .max(REASON_MAX, t('errors.reasonLong', { max: REASON_MAX })),
      }),
    [t],
  );
  const form = useSchemaForm(schema, { defaultValues: { status: 'CANCELLED', reason: '' }, mode: 'onBlur' });

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('jobs.changeStatusTitle', { batchJobId: job.batchJobId })}
      text={t('jobs.changeStatusText')}
      submitLabel={t('actions.changeStatus')}
      submitColor="error"
      maxWidth="xs"
      onClose={onClose}
      onSubmit={async ({ status, reason }) => {
        const result = await change.mutateAsync({ id: job.id, status, reason });
        notify.success(messages.message(result.message) || t('messages.statusChanged'));
        onClose();
      }}
    >
      <FormSelect
        name="status"
        label={t('jobs.newStatus')}
        options={JOB_STATUS_CHANGES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <FormTextField name="reason" label={t('form.reasonRequired')} hint={t('jobs.reasonHelp')} required multiline minRows={2} />
    </FormDialog>
  );
}
