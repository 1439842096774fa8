import CloseRounded from '@mui/icons-material/CloseRounded';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_SLA_HOURS,
  type TTicket,
  type TTicketCreate,
  type TTicketPriority,
} from '@tarang/shared/tickets/ticket.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '@/components/files/file-picker';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { FormCard, FormSection, FULL_ROW } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { useAddTicketAttachment } from '../api/add-ticket-attachment';
import { useCreateTicket } from '../api/create-ticket';
import { ATTACHMENT_ACCEPT, attachmentProblem, fileSize } from '../utils/attachment-files';
import { useTicketMessages } from '../utils/messages';
import { ICCIDS_MAX, ticketFormDefaults, ticketFormSchema } from '../utils/ticket-form';
import { IccidsField } from './iccids-field';

type TProps = {
  /** Raised from the diagnosis page: this SIM's diagnosis is attached and the SIM linked. */
  diagnosisIccid?: string;
  /** The organisation to prefill for staff (the diagnosed SIM's). */
  organizationId?: string;
  onRaised: (ticket: TTicket) => void;
  onCancel: () => void;
};

/**
 * Raise a ticket (spec /tickets/add): subject, category, priority and the message; staff choose the organisation it
 * is for; the SIMs it is about by ICCID; files to attach. Opened from the diagnosis page, it says the SIM's diagnosis
 * goes with it and starts as a Connectivity problem of that SIM. The files are sent once the ticket is raised; one the
 * server refuses is named with why, and can be attached again on the ticket.
 */
export function RaiseTicketForm({ diagnosisIccid, organizationId, onRaised, onCancel }: TProps) {
  const { t } = useTranslation('tickets');
  const messages = useTicketMessages();
  const { user } = useSignedIn();
  const staff = user.organization === null;
  const canListOrganizations = useCan('organisation');
  const schema = useMemo(() => ticketFormSchema(staff), [staff]);
  const form = useSchemaForm(schema, {
    defaultValues: ticketFormDefaults({
      diagnosisSubject: diagnosisIccid ? t('add.diagnosisSubject', { iccid: diagnosisIccid }) : undefined,
      organizationId: staff ? organizationId : undefined,
    }),
  });
  const create = useCreateTicket();
  const attach = useAddTicketAttachment();
  const [files, setFiles] = useState<File[]>([]);
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  const priority = form.watch('priority') as TTicketPriority;

  const chooseFile = (file: File | null) => {
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      setFileRefused(t('add.fileRefused', { name: file.name, reason: messages.message(problem) }));
      return;
    }
    setFileRefused(null);
    setFiles((chosen) => [...chosen.filter((f) => f.name !== file.name), file]);
  };

  return (
    <FormCard
      form={form}
      messages={messages}
      label={t('add.label')}
      submitLabel={t('add.submit')}
      onCancel={onCancel}
      notice={diagnosisIccid ? t('add.diagnosis', { iccid: diagnosisIccid }) : undefined}
      onSubmit={async (values) => {
        const body: TTicketCreate = {
          subject: values.subject,
          category: values.category,
          priority: values.priority,
          body: values.body,
          ...(staff ? { organizationId: values.organizationId } : {}),
          ...(values.iccids.length ? { iccids: values.iccids } : {}),
          ...(diagnosisIccid ? { diagnosisIccid } : {}),
        };
        const ticket = await create.mutateAsync(body);
        for (const file of files) {
          try {
            await attach.mutateAsync({ id: ticket.id, file });
          } catch (error) {
            notify.error(t('add.fileRefused', { name: file.name, reason: messages.failure(error) }));
          }
        }
        notify.success(t('add.raised', { number: ticket.number }));
        onRaised(ticket);
      }}
    >
      <FormSection title={t('add.about')} hint={t('add.aboutHint')}>
        <FormTextField name="subject" label={t('add.subject')} required autoComplete="off" inputProps={{ maxLength: 200 }} sx={FULL_ROW} />
        <FormSelect
          name="category"
          label={t('add.category')}
          required
          options={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
        />
        <FormSelect
          name="priority"
          label={t('add.priority')}
          required
          hint={TICKET_SLA_HOURS[priority] ? t('add.priorityHint', { hours: TICKET_SLA_HOURS[priority] }) : undefined}
          options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))}
        />
        {staff && (
          <OrganizationField
            name="organizationId"
            label={t('add.organization')}
            hint={t('add.organizationHint')}
            required
            canList={canListOrganizations}
          />
        )}
        <FormTextField
          name="body"
          label={t('add.body')}
          hint={t('add.bodyHint')}
          required
          multiline
          minRows={5}
          inputProps={{ maxLength: 10_000 }}
          sx={FULL_ROW}
        />
      </FormSection>
      <FormSection title={t('add.linked')} hint={t('add.linkedHint')} divider>
        <IccidsField name="iccids" label={t('add.iccids')} hint={t('add.iccidsHint', { max: ICCIDS_MAX })} max={ICCIDS_MAX} sx={FULL_ROW} />
        <Box sx={FULL_ROW}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('add.files')}
          </Typography>
          <FilePicker
            file={null}
            label={t('add.files')}
            chooseLabel={files.length ? t('add.chooseOtherFile') : t('add.chooseFile')}
            chooseOtherLabel={t('add.chooseOtherFile')}
            noFileLabel={files.length ? t('add.filesChosen', { count: files.length }) : t('add.noFiles')}
            accept={ATTACHMENT_ACCEPT}
            onChoose={chooseFile}
          />
          {fileRefused && (
            <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }} data-testid="file-refused">
              {fileRefused}
            </Typography>
          )}
          {files.length > 0 && (
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }} aria-label={t('add.files')}>
              {files.map((file) => (
                <Stack component="li" key={file.name} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <InsertDriveFileOutlined fontSize="small" color="action" aria-hidden />
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {file.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {fileSize(file.size)}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t('actions.remove', { name: file.name })}
                    onClick={() => setFiles((chosen) => chosen.filter((f) => f !== file))}
                  >
                    <CloseRounded fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
          )}
        </Box>
      </FormSection>
    </FormCard>
  );
}
