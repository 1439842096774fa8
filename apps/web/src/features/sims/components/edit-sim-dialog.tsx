import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type TSim, type TSimUpdate, ZSimUpdate } from '@tarang/shared/sims/sim.schemas';
import { useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { applyServerErrors } from '@/lib/server-errors';
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

/** Edit label, tags, APN and static IP of one SIM (the Sim Actions module). */
export function EditSimDialog({ sim, onClose }: { sim: TSim; onClose: () => void }) {
  const { t } = useTranslation('sims');
  const { t: tUi } = useTranslation('ui');
  const id = useId();
  const { message, failure } = useSimMessages();
  const mutation = useUpdateSims();
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<TValues>({
    defaultValues: { label: sim.label ?? '', tags: sim.tags, apn: sim.apn ?? '', staticIp: sim.staticIp ?? '' },
    resolver: resolverFor(sim),
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = simUpdateBody(sim, values);
    if (!body) {
      onClose();
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync(body);
      notify.success(t('details.saved'));
      onClose();
    } catch (e) {
      if (!applyServerErrors(e, setFieldError, FIELDS, message)) setError(failure(e));
    }
  });

  const fieldError = (name: keyof TValues) =>
    errors[name] ? { error: true, helperText: message(errors[name]?.message as string | undefined) } : {};

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id={`${id}-title`}>{t('details.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('fields.label')} {...register('label')} {...fieldError('label')} />
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  options={[] as string[]}
                  value={field.value}
                  onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
                  renderValue={(value, getItemProps) =>
                    value.map((option, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={option} {...itemProps} />;
                    })
                  }
                  renderInput={(props) => (
                    <TextField
                      {...props}
                      label={t('fields.tags')}
                      helperText={errors.tags ? message(errors.tags.message) : t('details.tagsHint')}
                      error={Boolean(errors.tags)}
                    />
                  )}
                />
              )}
            />
            <TextField label={t('fields.apn')} {...register('apn')} {...fieldError('apn')} />
            <TextField label={t('fields.staticIp')} {...register('staticIp')} {...fieldError('staticIp')} />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {tUi('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('details.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
