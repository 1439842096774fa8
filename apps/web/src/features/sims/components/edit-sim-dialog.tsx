import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type TSim, type TSimUpdate, ZSimUpdate } from '@tarang/shared/sims/sim.schemas';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { useFormField } from '@/components/form/fields/use-form-field';
import { FormDialog } from '@/components/form/form-dialog';
import { notify } from '@/lib/notify';
import { useUpdateSims } from '../api/update-sim';
import { useSimMessages } from '../utils/messages';

type TValues = { label: string; tags: string[]; apn: string; staticIp: string };
const FIELDS = ['label', 'tags', 'apn', 'staticIp'] as const;

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** The changed fields only, as `PUT /sim` takes them (blank means "none"). */
export function simUpdateBody(sim: TSim, values: TValues): TSimUpdate | null {
  const body: Record<string, unknown> = { iccids: [sim.iccid] };
  if (blankToNull(values.label) !== sim.label) body.label = blankToNull(values.label);
  const tags = values.tags.map((t) => t.trim()).filter(Boolean);
  if (tags.join('\n') !== sim.tags.join('\n')) body.tags = tags;
  if (blankToNull(values.apn) !== sim.apn) body.apn = blankToNull(values.apn);
  if (blankToNull(values.staticIp) !== sim.staticIp) body.staticIp = blankToNull(values.staticIp);
  return Object.keys(body).length > 1 ? (body as TSimUpdate) : null;
}

/** Checks the form with the shared schema the server uses, and puts its messages on the fields. */
function resolverFor(sim: TSim): Resolver<TValues> {
  return async (values) => {
    const body = simUpdateBody(sim, values);
    if (!body) return { values, errors: {} };
    const parsed = ZSimUpdate.safeParse(body);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((f) => f === issue.path[0]);
      if (field && !errors[field]) errors[field] = { type: 'schema', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** The tags of a SIM: each typed tag becomes a chip (Enter adds it); blank ones are dropped. */
function TagsField({ label, hint }: { label: string; hint: string }) {
  const { field, error, helperText } = useFormField('tags', hint);
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={field.value as string[]}
      onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
      onBlur={field.onBlur}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(props) => <TextField {...props} inputRef={field.ref} label={label} helperText={helperText} error={error} />}
    />
  );
}

/** Edit label, tags, APN and static IP of one SIM (the Sim Actions module). */
export function EditSimDialog({ sim, onClose }: { sim: TSim; onClose: () => void }) {
  const { t } = useTranslation('sims');
  const messages = useSimMessages();
  const mutation = useUpdateSims();
  const form = useForm<TValues>({
    defaultValues: { label: sim.label ?? '', tags: sim.tags, apn: sim.apn ?? '', staticIp: sim.staticIp ?? '' },
    resolver: resolverFor(sim),
  });

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('details.editTitle')}
      submitLabel={t('details.save')}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = simUpdateBody(sim, values);
        if (body) {
          await mutation.mutateAsync(body);
          notify.success(t('details.saved'));
        }
        onClose();
      }}
    >
      <FormTextField name="label" label={t('fields.label')} />
      <TagsField label={t('fields.tags')} hint={t('details.tagsHint')} />
      <FormTextField name="apn" label={t('fields.apn')} />
      <FormTextField name="staticIp" label={t('fields.staticIp')} />
    </FormDialog>
  );
}
