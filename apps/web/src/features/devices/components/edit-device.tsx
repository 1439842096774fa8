import type { ComponentProps } from 'react';
import { RecordLoader } from '@/components/form/record-loader';
import { useDevice } from '../api/get-device';
import { useDeviceMessages } from '../utils/messages';
import { DeviceForm } from './device-form';

type TEditDeviceProps = Omit<ComponentProps<typeof DeviceForm>, 'device' | 'inventory'> & { id: string };

/** Loads a device and shows the form. */
export function EditDevice({ id, ...props }: TEditDeviceProps) {
  const { failure } = useDeviceMessages();
  return (
    <RecordLoader query={useDevice(id)} failure={failure}>
      {(device) => <DeviceForm key={device.id} device={device} {...props} />}
    </RecordLoader>
  );
}
