import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { type TDevice, VEHICLE_TYPES } from '@tarang/shared/devices/device.schemas';
import { KYC_ID_TYPES } from '@tarang/shared/devices/kyc';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '@/components/form/fields/form-checkbox';
import { FormSelect } from '@/components/form/fields/form-select';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { IccidField } from '@/components/form/fields/iccid-field';
import { OrganizationField } from '@/components/form/fields/organization-field';
import { PhoneField } from '@/components/form/fields/phone-field';
import { ReadOnlyField } from '@/components/form/fields/read-only-field';
import { FormCard, FormSection, FULL_ROW } from '@/components/form/form-card';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { useSignedIn } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useAddDeviceToInventory } from '../api/add-device-to-inventory';
import { type TDeviceSavedAnswer, useCreateDevice } from '../api/create-device';
import { devicesResource } from '../api/get-devices';
import { useUpdateDevice } from '../api/update-device';
import { createBody, deviceFormSchema, deviceFormValues, EMPTY_DEVICE, lockRefusal, updateBody, withFormPaths } from '../utils/device-form';
import { useDeviceMessages } from '../utils/messages';
import type { TSavedDevice } from '../utils/saved-device';
import { useDeviceReach } from './use-device-reach';

type TDeviceFormProps = {
  /** The device being edited; none to add one. */
  device?: TDevice;
  /** Add to the inventory (POST /device-inventory): the same form without the SIM. */
  inventory?: boolean;
  onSaved: (saved: TSavedDevice) => void;
  onCancel: () => void;
};

const digitsAndSpaces = (text: string) => text.replace(/\s/g, '');

/**
 * Add Device, Edit and Add to inventory: the device (IMEI, make, model, firmware, serial, its organisation), the SIM it
 * holds with the choice to lock that SIM to the device's IMEI (an IMEI_LOCK request), the vehicle it is fitted to and
 * its end user with an identity document. Identifiers are checked by the shared rules before anything is sent; what
 * the server refuses shows on its field. An end user that comes masked (a role without View KYC) is sent only when
 * changed, and then only typed in full.
 */
export function DeviceForm({ device, inventory = false, onSaved, onCancel }: TDeviceFormProps) {
  const { t } = useTranslation('devices');
  const messages = useDeviceMessages();
  const { user } = useSignedIn();
  const reach = useDeviceReach();
  const queryClient = useQueryClient();
  const withSim = !inventory;
  const original = useMemo(() => (device ? deviceFormValues(device) : null), [device]);
  const schema = useMemo(() => deviceFormSchema({ original, withSim }), [original, withSim]);
  const ownId = reach.staff ? '' : (reach.own?.id ?? '');
  const form = useSchemaForm(schema, { defaultValues: original ?? { ...EMPTY_DEVICE, organizationId: ownId } });
  const simIccid = useWatch({ control: form.control, name: 'simIccid' });
  const kycIdType = useWatch({ control: form.control, name: 'kycIdType' });
  const create = useCreateDevice();
  const addToInventory = useAddDeviceToInventory();
  const update = useUpdateDevice();
  const known = useMemo(() => (reach.own ? [{ id: reach.own.id, tradeName: reach.own.tradeName, parentId: null }] : []), [reach.own]);

  const vehicleTypes = [{ value: '', label: t('form.none') }, ...VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicleTypes.${v}`) }))];
  const kycTypes = [{ value: '', label: t('form.none') }, ...KYC_ID_TYPES.map((v) => ({ value: v, label: t(`kycTypes.${v}`) }))];
  const tacDiffers =
    device?.tac && `${device.tac.make} ${device.tac.model}`.toLowerCase() !== `${device.make} ${device.model}`.toLowerCase();

  const saved = (answer: TDeviceSavedAnswer) => {
    notify.success(messages.success(answer.message, device ? 'saved' : inventory ? 'addedToInventory' : 'added'));
    const lock = answer.lockRequest;
    if (lock) {
      // The console follows the request and says when the operator has locked the SIM.
      watchRequest(user.id, { id: lock.id, batchJobId: lock.batchJobId, type: 'IMEI_LOCK' });
      notify.info(t('saved.lockNotice', { batchJobId: lock.batchJobId }));
    }
    onSaved({ imei: answer.device.imei, lockRequest: lock, lockRefused: null });
  };

  return (
    <FormCard
      form={form}
      messages={messages}
      label={t(device ? 'form.editLabel' : inventory ? 'form.inventoryLabel' : 'form.addLabel')}
      submitLabel={t(device ? 'actions.save' : inventory ? 'actions.addToInventory' : 'actions.create')}
      onCancel={onCancel}
      onSubmit={async (checked) => {
        // An organisation's own devices need no organisation named.
        const values = checked.organizationId === reach.own?.id ? { ...checked, organizationId: null } : checked;
        try {
          if (device) saved(await update.mutateAsync({ id: device.id, body: updateBody(values, device) }));
          else if (inventory) saved(await addToInventory.mutateAsync(createBody(values)));
          else saved(await create.mutateAsync(createBody(values)));
        } catch (error) {
          const refusal = lockRefusal(error);
          // The device is saved; only the lock was refused.
          if (refusal) await queryClient.invalidateQueries({ queryKey: devicesResource.keys.all });
          if (refusal && !device) {
            const reason = messages.message(refusal);
            notify.warning(t('saved.lockRefused', { imei: values.imei, reason }));
            onSaved({ imei: values.imei, lockRequest: null, lockRefused: reason });
            return;
          }
          throw withFormPaths(error);
        }
      }}
    >
      <FormSection title={t('form.device')}>
        {device ? (
          <ReadOnlyField label={t('fields.imei')} value={device.imei} hint={t('form.imeiFixed')} />
        ) : (
          <FormTextField
            name="imei"
            label={t('fields.imei')}
            required
            autoComplete="off"
            hint={t('form.imeiHint')}
            parse={digitsAndSpaces}
            inputProps={{ inputMode: 'numeric', maxLength: 20, spellCheck: false }}
          />
        )}
        {device && reach.many ? (
          <ReadOnlyField label={t('fields.organization')} value={device.organization?.tradeName ?? t('form.stock')} />
        ) : !device && reach.many ? (
          <OrganizationField
            name="organizationId"
            label={t('fields.organization')}
            canList={reach.canList}
            known={known}
            none={reach.staff ? t('form.stock') : undefined}
            hint={reach.staff ? t('form.organizationHintStaff') : t('form.organizationHint')}
          />
        ) : null}
        <FormTextField
          name="make"
          label={t('fields.make')}
          required
          autoComplete="off"
          inputProps={{ maxLength: 80 }}
          hint={tacDiffers && device?.tac ? t('form.tac', { make: device.tac.make, model: device.tac.model }) : undefined}
        />
        <FormTextField name="model" label={t('fields.model')} required autoComplete="off" inputProps={{ maxLength: 80 }} />
        <FormTextField name="firmwareVersion" label={t('fields.firmwareVersion')} autoComplete="off" inputProps={{ maxLength: 40 }} />
        <FormTextField name="serial" label={t('fields.serial')} autoComplete="off" inputProps={{ maxLength: 64 }} />
      </FormSection>

      {withSim && (
        <FormSection divider title={t('form.sim')} hint={t('form.simSectionHint')}>
          <IccidField name="simIccid" label={t('fields.simIccid')} hint={device?.sim ? t('form.simUnlinkHint') : t('form.simHint')} />
          {simIccid !== '' && <FormCheckbox name="lockSimToImei" label={t('form.lock')} hint={t('form.lockHint')} />}
        </FormSection>
      )}

      <FormSection divider title={t('form.vehicle')} hint={t('form.vehicleHint')}>
        <FormTextField
          name="registration"
          label={t('fields.registration')}
          autoComplete="off"
          hint={t('form.registrationHint')}
          inputProps={{ maxLength: 16, autoCapitalize: 'characters', spellCheck: false }}
        />
        <FormSelect name="vehicleType" label={t('fields.vehicleType')} options={vehicleTypes} />
      </FormSection>

      <FormSection divider title={t('form.endUser')} hint={t('form.endUserHint')}>
        {device?.kycMasked && (
          <Alert severity="info" sx={FULL_ROW} data-testid="kyc-masked">
            {t('form.masked')}
          </Alert>
        )}
        <FormTextField name="endUserName" label={t('fields.endUserName')} autoComplete="off" inputProps={{ maxLength: 100 }} />
        <PhoneField name="endUserPhone" label={t('fields.endUserPhone')} autoComplete="off" />
        <FormSelect name="kycIdType" label={t('fields.kycIdType')} options={kycTypes} />
        <FormTextField
          name="kycIdNumber"
          label={t('fields.kycIdNumber')}
          autoComplete="off"
          hint={(KYC_ID_TYPES as readonly string[]).includes(kycIdType) ? t(`kycHints.${kycIdType}`) : undefined}
          inputProps={{ maxLength: 20, spellCheck: false }}
        />
      </FormSection>
    </FormCard>
  );
}
