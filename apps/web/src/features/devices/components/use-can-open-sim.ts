import { useCan } from '@/lib/authorization';

/** Whether the SIM's page may be opened: the page itself, and reading the SIM (the inventory's View Details). */
export function useCanOpenSim(): boolean {
  const page = useCan('sim-details');
  const read = useCan('sim-inventory', 'viewDetails');
  return page && read;
}
