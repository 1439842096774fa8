import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { isApiError } from '@/lib/api-client';
import { type TAssignAnswer, useAssignDevices } from '../api/assign-devices';
import { DEVICE_FORM_TEXT } from '../utils/device-form';
import { useDeviceMessages } from '../utils/messages';
import { useDeviceReach } from './use-device-reach';

const ZAssignForm = z.object({ organizationId: z.string().regex(/^[0-9a-f]{24}$/, DEVICE_FORM_TEXT.organizationNeeded) });

type TResult = TAssignAnswer & { organization: string };

/** A refusal of every device (422): the reasons come as `id: reason` on `deviceIds`. */
function refusedAll(error: unknown): TAssignAnswer | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const skipped = (error.errors ?? [])
    .filter((e) => e.path.replace(/^body\./, '') === 'deviceIds')
    .map((e) => /^(?<id>[0-9a-f]{24}): (?<reason>.+)$/.exec(e.message)?.groups)
    .filter((g): g is { id: string; reason: string } => Boolean(g));
  return skipped.length ? { assigned: 0, skipped } : null;
}

type TAssignDialogProps = {
  /** The ticked devices: id → IMEI (how the result names them). */
  devices: ReadonlyMap<string, string>;
  onClose: () => void;
  /** After an assignment: the ticked devices have moved. */
  onAssigned: () => void;
};

/**
 * Assign to organisation (device inventory): the ticked devices go to an organisation of the caller's reach; the
 * answer says how many went and names each one that did not, with why (one that holds a SIM stays where it is).
 */
export function AssignDialog({ devices: ticked, onClose, onAssigned }: TAssignDialogProps) {
  // The devices as they were ticked when the dialog opened: the result still names them once the ticks are cleared.
  const [devices] = useState(ticked);
  const { t, i18n } = useTranslation('devices');
  const messages = useDeviceMessages();
  const reach = useDeviceReach();
  const assign = useAssignDevices();
  const organizations = useOrganizationOptions(reach.canList);
  const form = useSchemaForm(ZAssignForm, { defaultValues: { organizationId: '' } });
  const [result, setResult] = useState<TResult | null>(null);
  const titleId = useId();
  const known = useMemo(() => (reach.own ? [{ id: reach.own.id, tradeName: reach.own.tradeName, parentId: null }] : []), [reach.own]);
  const number = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
  const count = devices.size;

  if (result) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('assign.resultTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity={result.assigned > 0 ? 'success' : 'warning'} role="status" data-testid="assign-result">
            {t('assign.assigned', { count: result.assigned, formatted: number.format(result.assigned), organization: result.organization })}
          </Alert>
          {result.skipped.length > 0 && (
            <Box sx={{ mt: 2 }} data-testid="assign-skipped">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('assign.skipped', { count: result.skipped.length, formatted: number.format(result.skipped.length) })}
              </Typography>
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {result.skipped.map((s) => (
                  <Typography component="li" variant="body2" key={s.id}>
                    {t('assign.skippedRow', { device: devices.get(s.id) ?? s.id, reason: messages.message(s.reason) })}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            {t('actions.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog
      form={form}
      messages={messages}
      title={t('assign.title')}
      text={t('assign.text', { count, formatted: number.format(count) })}
      submitLabel={t('assign.submit')}
      onClose={onClose}
      onSubmit={async ({ organizationId }) => {
        const organization =
          organizations.data?.find((o) => o.id === organizationId)?.tradeName ??
          known.find((o) => o.id === organizationId)?.tradeName ??
          '';
        try {
          const answer = await assign.mutateAsync({ deviceIds: [...devices.keys()], organizationId });
          setResult({ ...answer, organization });
          onAssigned();
        } catch (error) {
          const none = refusedAll(error);
          if (!none) throw error;
          setResult({ ...none, organization });
        }
      }}
    >
      <OrganizationField
        name="organizationId"
        label={t('fields.organization')}
        required
        canList={reach.canList}
        known={known}
        hint={t('assign.organizationHint')}
      />
    </FormDialog>
  );
}
