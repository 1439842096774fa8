import { devicesResource } from './get-devices';

/** GET /device/{id}: the end user's phone and document come masked (`kycMasked`) without View KYC. */
export const useDevice = (id: string) => devicesResource.useOne(id);
