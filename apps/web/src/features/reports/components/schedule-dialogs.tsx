import type { TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import type { TReportLanguage } from '@tarang/shared/reports/report-query';
import { ALERT_CHECK_MINUTES, ALERT_THRESHOLD_MAX } from '@tarang/shared/reports/report-schedule.schemas';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notify } from '@/lib/notify';
import { useCreateAlert, useCreateSchedule } from '../api/saved-reports';
import { useReportMessages } from '../utils/messages';
import { reportLanguage } from './report-screen';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The filters a dialog saves, said in words under its title. */
function filtersText(report: TReportDeclaration, filters: Record<string, string>, lang: TReportLanguage, t: TFunction): string {
  const given = report.filters.filter((f) => filters[f.key]);
  return given.length
    ? t('saved.withFilters', { filters: given.map((f) => `${f.label[lang]}: ${filters[f.key]}`).join(' · ') })
    : t('saved.noFilters');
}

/** Schedule: the report with the filters on screen, mailed daily or weekly at an hour in India. */
export function ScheduleDialog({
  report,
  filters,
  onClose,
}: {
  report: TReportDeclaration;
  filters: Record<string, string>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const messages = useReportMessages();
  const create = useCreateSchedule();
  const lang = reportLanguage(i18n.language);
  const schema = useMemo(
    () =>
      z
        .object({
          name: z.string().trim().min(1, t('saved.nameRequired')).max(100),
          frequency: z.enum(['DAILY', 'WEEKLY']),
          weekday: z.string(),
          hour: z.string(),
          format: z.enum(['csv', 'xlsx']),
          lang: z.enum(['en', 'hi']),
        })
        .transform((v) => ({ ...v, weekday: v.frequency === 'WEEKLY' ? Number(v.weekday) : null, hour: Number(v.hour) })),
    [t],
  );
  const form = useSchemaForm(schema, {
    defaultValues: { name: report.title[lang], frequency: 'DAILY', weekday: '1', hour: '7', format: 'xlsx', lang },
  });
  const weekly = form.watch('frequency') === 'WEEKLY';
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('saved.scheduleTitle', { report: report.title[lang] })}
      text={filtersText(report, filters, lang, t)}
      submitLabel={t('saved.schedule')}
      onClose={onClose}
      onSubmit={async (values) => {
        await create.mutateAsync({ reportId: report.id, filters, enabled: true, ...values });
        notify.success(t('saved.scheduled'));
        onClose();
      }}
    >
      <FormTextField name="name" label={t('saved.name')} fullWidth required />
      <FormSelect
        name="frequency"
        label={t('saved.frequency')}
        options={[
          { value: 'DAILY', label: t('saved.daily') },
          { value: 'WEEKLY', label: t('saved.weekly') },
        ]}
      />
      {weekly && (
        <FormSelect
          name="weekday"
          label={t('saved.weekday')}
          options={WEEKDAYS.map((d) => ({ value: String(d), label: t(`saved.weekdays.${d}`) }))}
        />
      )}
      <FormSelect
        name="hour"
        label={t('saved.hour')}
        hint={t('saved.hourHint')}
        options={HOURS.map((h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }))}
      />
      <FormSelect
        name="format"
        label={t('saved.format')}
        options={[
          { value: 'xlsx', label: 'Excel (XLSX)' },
          { value: 'csv', label: 'CSV' },
        ]}
      />
      <FormSelect
        name="lang"
        label={t('saved.language')}
        options={[
          { value: 'en', label: 'English' },
          { value: 'hi', label: 'हिन्दी' },
        ]}
      />
    </FormDialog>
  );
}

/** Alert: a condition on the report with the filters on screen, mailed when it becomes true. */
export function AlertDialog({
  report,
  filters,
  onClose,
}: {
  report: TReportDeclaration;
  filters: Record<string, string>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const messages = useReportMessages();
  const create = useCreateAlert();
  const lang = reportLanguage(i18n.language);
  const schema = useMemo(
    () =>
      z
        .object({
          name: z.string().trim().min(1, t('saved.nameRequired')).max(100),
          threshold: z
            .string()
            .trim()
            .regex(/^\d+$/, t('saved.thresholdInvalid', { max: ALERT_THRESHOLD_MAX }))
            .refine((v) => Number(v) <= ALERT_THRESHOLD_MAX, t('saved.thresholdInvalid', { max: ALERT_THRESHOLD_MAX })),
          checkEveryMinutes: z.string(),
        })
        .transform((v) => ({ ...v, threshold: Number(v.threshold), checkEveryMinutes: Number(v.checkEveryMinutes) })),
    [t],
  );
  const form = useSchemaForm(schema, { defaultValues: { name: report.title[lang], threshold: '0', checkEveryMinutes: '60' } });
  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('saved.alertTitle', { report: report.title[lang] })}
      text={filtersText(report, filters, lang, t)}
      submitLabel={t('saved.saveAlert')}
      onClose={onClose}
      onSubmit={async (values) => {
        await create.mutateAsync({ reportId: report.id, filters, enabled: true, ...values });
        notify.success(t('saved.alertSaved'));
        onClose();
      }}
    >
      <FormTextField name="name" label={t('saved.name')} fullWidth required />
      <FormTextField
        name="threshold"
        label={t('saved.threshold')}
        hint={t('saved.thresholdHint')}
        fullWidth
        inputProps={{ inputMode: 'numeric', maxLength: 5 }}
      />
      <FormSelect
        name="checkEveryMinutes"
        label={t('saved.checkEvery')}
        options={ALERT_CHECK_MINUTES.map((m) => ({ value: String(m), label: t(`saved.every.${m}`) }))}
      />
    </FormDialog>
  );
}
