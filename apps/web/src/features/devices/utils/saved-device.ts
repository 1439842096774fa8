/**
 * What the list is told after the form saved a device (router state): its IMEI, the IMEI_LOCK request made for its
 * SIM, or why the SIM was not locked (the device stays saved).
 */
export type TSavedDevice = {
  imei: string;
  lockRequest: { id: string; batchJobId: string } | null;
  lockRefused: string | null;
};

/** The saved device a page was opened with (`navigate(list, { state: { savedDevice } })`), if any. */
export function savedDeviceOf(state: unknown): TSavedDevice | null {
  const saved = (state as { savedDevice?: TSavedDevice } | null)?.savedDevice;
  return saved && typeof saved.imei === 'string' ? saved : null;
}

export const deviceEditHref = (id: string) => `/device/edit/${encodeURIComponent(id)}`;
export const simHref = (iccid: string) => `/sim-details?number=${encodeURIComponent(iccid)}`;
