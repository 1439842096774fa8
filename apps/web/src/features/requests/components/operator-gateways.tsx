import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { GATEWAY_ADAPTERS, ZGatewaySettingsUpdate } from '@tarang/shared/requests/request.schemas';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormSwitch } from '@/components/form/fields/form-switch';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { FormDialog } from '@/components/form/form-dialog';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import {
  type TGatewaySettings,
  type TGatewaySettingsUpdate,
  useOperatorGateways,
  useUpdateOperatorGateway,
} from '../api/operator-gateways';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { formatDuration } from './insights-dialog';

/** Whole-number settings, as the form holds them (text) and the server takes them (numbers). */
const WHOLE_FIELDS = [
  'batchSize',
  'ratePerSecond',
  'timeoutMs',
  'maxAttempts',
  'latencyMs',
  'processingMs',
  'whitelistIpLimit',
  'whitelistNumberLimit',
] as const;
/** Shares of SIMs: 0..1 on the server, percentages in the form. */
const PERCENT_FIELDS = ['failureRate', 'transientFailureRate'] as const;
type TNumberField = (typeof WHOLE_FIELDS)[number] | (typeof PERCENT_FIELDS)[number];
type TAdapter = (typeof GATEWAY_ADAPTERS)[number];

export type TGatewayValues = { adapter: string; outage: boolean } & Record<TNumberField, string>;

const isPercent = (field: TNumberField): field is (typeof PERCENT_FIELDS)[number] => (PERCENT_FIELDS as readonly string[]).includes(field);

/** A share (0..1) as a percentage, to four decimals of the share. */
const toPercent = (rate: number) => Math.round(rate * 1_000_000) / 10_000;

/** The limits of a field in the form's terms (percentages for the shares), from the shared schema the server checks. */
function limitsOf(field: TNumberField): { min: number; max: number } {
  const schema = ZGatewaySettingsUpdate.shape[field].unwrap();
  const scale = isPercent(field) ? 100 : 1;
  return { min: (schema.minValue ?? 0) * scale, max: (schema.maxValue ?? Number.MAX_SAFE_INTEGER) * scale };
}

export function gatewayFormValues(settings: TGatewaySettings): TGatewayValues {
  return {
    adapter: settings.adapter,
    outage: settings.outage,
    batchSize: String(settings.batchSize),
    ratePerSecond: String(settings.ratePerSecond),
    timeoutMs: String(settings.timeoutMs),
    maxAttempts: String(settings.maxAttempts),
    latencyMs: String(settings.latencyMs),
    processingMs: String(settings.processingMs),
    whitelistIpLimit: String(settings.whitelistIpLimit),
    whitelistNumberLimit: String(settings.whitelistNumberLimit),
    failureRate: String(toPercent(settings.failureRate)),
    transientFailureRate: String(toPercent(settings.transientFailureRate)),
  };
}

export type TFieldProblem = { kind: 'number' | 'whole' } | { kind: 'range'; min: number; max: number };

/**
 * The changed fields only, as `PUT /operator-gateway/{operator}` takes them (percentages turned into shares), and
 * what is wrong with the others, checked with the shared schema the server uses.
 */
export function gatewayChanges(
  settings: TGatewaySettings,
  values: TGatewayValues,
): { changes: TGatewaySettingsUpdate; problems: Partial<Record<TNumberField, TFieldProblem>> } {
  const changes: Record<string, unknown> = {};
  const problems: Partial<Record<TNumberField, TFieldProblem>> = {};
  if (values.adapter !== settings.adapter) changes.adapter = values.adapter;
  if (values.outage !== settings.outage) changes.outage = values.outage;
  for (const field of [...WHOLE_FIELDS, ...PERCENT_FIELDS]) {
    const text = values[field].trim();
    const value = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) {
      problems[field] = { kind: 'number' };
      continue;
    }
    if (isPercent(field)) {
      if (value !== toPercent(settings[field])) changes[field] = Math.round(value * 10_000) / 1_000_000;
      continue;
    }
    if (!Number.isInteger(value)) {
      problems[field] = { kind: 'whole' };
      continue;
    }
    if (value !== settings[field]) changes[field] = value;
  }
  const parsed = ZGatewaySettingsUpdate.safeParse(changes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = [...WHOLE_FIELDS, ...PERCENT_FIELDS].find((f) => f === issue.path[0]);
      if (field && !problems[field]) problems[field] = { kind: 'range', ...limitsOf(field) };
    }
  }
  return { changes: changes as TGatewaySettingsUpdate, problems };
}

function resolverFor(settings: TGatewaySettings, t: TFunction<'requests'>, number: Intl.NumberFormat): Resolver<TGatewayValues> {
  return async (values) => {
    const { problems } = gatewayChanges(settings, values);
    const entries = Object.entries(problems) as [TNumberField, TFieldProblem][];
    if (!entries.length) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, problem] of entries) {
      const message =
        problem.kind === 'range'
          ? t('gateway.errors.range', { min: number.format(problem.min), max: number.format(problem.max) })
          : t(`gateway.errors.${problem.kind}`);
      errors[field] = { type: 'schema', message };
    }
    return { values: {}, errors };
  };
}

function adapterLabel(adapter: string, t: TFunction<'requests'>) {
  return t(`gateway.adapters.${adapter}`, { defaultValue: adapter });
}

/** Edit every setting of one operator's gateway; Save sends the changed ones only. */
function GatewayDialog({ settings, onClose }: { settings: TGatewaySettings; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const messages = useRequestMessages();
  const mutation = useUpdateOperatorGateway();
  const resolver = useMemo(() => resolverFor(settings, t, number), [settings, t, number]);
  const form = useForm<TGatewayValues>({ defaultValues: gatewayFormValues(settings), resolver });
  const adapter = useWatch({ control: form.control, name: 'adapter' });

  const numberField = (field: TNumberField, unit?: string) => (
    <FormTextField
      key={field}
      name={field}
      label={t(`gateway.fields.${field}`)}
      hint={t(`gateway.help.${field}`)}
      inputProps={{ inputMode: isPercent(field) ? 'decimal' : 'numeric' }}
      endAdornment={unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined}
    />
  );

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('gateway.editTitle', { operator: settings.operator })}
      text={t('gateway.editText')}
      submitLabel={t('gateway.save')}
      onClose={onClose}
      onSubmit={async (values) => {
        const { changes } = gatewayChanges(settings, values);
        if (Object.keys(changes).length === 0) {
          notify.info(t('gateway.unchanged'));
        } else {
          const result = await mutation.mutateAsync({ operator: settings.operator, changes });
          notify.success(messages.message(result.message) || t('gateway.saved'));
        }
        onClose();
      }}
    >
      <FormSelect
        name="adapter"
        label={t('gateway.fields.adapter')}
        hint={t(`gateway.adapterHelp.${adapter}`, { defaultValue: '' }) || undefined}
        options={[
          ...((GATEWAY_ADAPTERS as readonly string[]).includes(settings.adapter)
            ? []
            : [{ value: settings.adapter, label: settings.adapter }]),
          ...GATEWAY_ADAPTERS.map((a: TAdapter) => ({ value: a, label: adapterLabel(a, t) })),
        ]}
      />
      <Typography variant="subtitle2">{t('gateway.calls')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {numberField('batchSize')}
        {numberField('ratePerSecond', t('gateway.units.perSecond'))}
        {numberField('timeoutMs', t('gateway.units.ms'))}
        {numberField('maxAttempts')}
      </Box>
      <Typography variant="subtitle2">{t('gateway.simulator')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {numberField('latencyMs', t('gateway.units.ms'))}
        {numberField('processingMs', t('gateway.units.ms'))}
        {numberField('failureRate', '%')}
        {numberField('transientFailureRate', '%')}
      </Box>
      <Typography variant="subtitle2">{t('gateway.whitelists')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {numberField('whitelistIpLimit')}
        {numberField('whitelistNumberLimit')}
      </Box>
      <FormSwitch name="outage" label={t('gateway.fields.outage')} hint={t('gateway.help.outage')} color="error" />
    </FormDialog>
  );
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

function GatewayCard({ settings, canEdit, onEdit }: { settings: TGatewaySettings; canEdit: boolean; onEdit: () => void }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const percent = useMemo(() => new Intl.NumberFormat(number.resolvedOptions().locale, { maximumFractionDigits: 2 }), [number]);
  const { message, failure } = useRequestMessages();
  const mutation = useUpdateOperatorGateway();
  const titleId = useId();
  const { operator } = settings;
  const share = (rate: number) => t('progress.percent', { percent: percent.format(toPercent(rate)) });

  const toggleOutage = async (outage: boolean) => {
    try {
      const result = await mutation.mutateAsync({ operator, changes: { outage } });
      notify.success(message(result.message) || t('gateway.saved'));
    } catch (e) {
      notify.error(failure(e));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-testid={`gateway-${operator}`}
      sx={{ border: 1, borderColor: settings.outage ? 'error.main' : 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {operator}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={settings.adapter === 'manual' ? 'info' : 'default'}
          label={adapterLabel(settings.adapter, t)}
        />
        {settings.outage && <Chip size="small" color="error" label={t('gateway.outage')} />}
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5 }}>
        <Value label={t('gateway.fields.batchSize')} value={number.format(settings.batchSize)} />
        <Value
          label={t('gateway.rate')}
          value={
            settings.ratePerSecond === 0 ? t('gateway.noLimit') : t('gateway.rateValue', { value: number.format(settings.ratePerSecond) })
          }
        />
        <Value label={t('gateway.fields.timeoutMs')} value={formatDuration(settings.timeoutMs, t)} />
        <Value label={t('gateway.fields.maxAttempts')} value={number.format(settings.maxAttempts)} />
        <Value label={t('gateway.fields.latencyMs')} value={formatDuration(settings.latencyMs, t)} />
        <Value label={t('gateway.fields.processingMs')} value={formatDuration(settings.processingMs, t)} />
        <Value label={t('gateway.fields.failureRate')} value={share(settings.failureRate)} />
        <Value label={t('gateway.fields.transientFailureRate')} value={share(settings.transientFailureRate)} />
        <Value label={t('gateway.updatedAt')} value={formatDateTime(settings.updatedAt)} />
      </Box>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1.5 }}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                color="error"
                checked={settings.outage}
                disabled={mutation.isPending}
                onChange={(e) => void toggleOutage(e.target.checked)}
                slotProps={{ input: { 'aria-label': t('gateway.outageNamed', { operator }) } }}
              />
            }
            label={t('gateway.outage')}
          />
          <Button size="small" variant="outlined" onClick={onEdit} aria-label={t('gateway.editNamed', { operator })}>
            {t('gateway.edit')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/**
 * The operator gateways (staff): per operator, how Tarang calls it and how the operator simulator answers. Staff who
 * may reinitiate change them here; a running MNO job reads them on its next run.
 */
export function OperatorGateways() {
  const { t } = useTranslation('requests');
  const perms = useRequestPermissions();
  const { failure } = useRequestMessages();
  const gateways = useOperatorGateways();
  const [editing, setEditing] = useState<string | null>(null);
  const titleId = useId();
  const rows = gateways.data ?? [];
  const edited = rows.find((r) => r.operator === editing);

  return (
    <Card elevation={0} component="section" aria-labelledby={titleId} sx={{ border: 1, borderColor: 'divider', p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id={titleId} component="h2" variant="h6">
          {t('gateway.title')}
        </Typography>
        {gateways.isFetching && <CircularProgress size={18} aria-label={t('details.loading')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('gateway.subtitle')}
      </Typography>
      {gateways.isError && (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {failure(gateways.error)}
        </Typography>
      )}
      {gateways.isSuccess && rows.length === 0 && <Typography color="text.secondary">{t('gateway.empty')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {rows.map((settings) => (
          <GatewayCard
            key={settings.operator}
            settings={settings}
            canEdit={perms.changeGateway}
            onEdit={() => setEditing(settings.operator)}
          />
        ))}
      </Box>
      {edited && perms.changeGateway && <GatewayDialog key={edited.operator} settings={edited} onClose={() => setEditing(null)} />}
    </Card>
  );
}
