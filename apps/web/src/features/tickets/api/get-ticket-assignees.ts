import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TTicketAssignee = { id: string; label: string };

/** GET /tickets/assignees (staff): the staff a ticket can be assigned to, by name. */
export async function getTicketAssignees(signal?: AbortSignal): Promise<TTicketAssignee[]> {
  return (await api.get<TTicketAssignee[]>('/tickets/assignees', { signal })).data;
}

export const useTicketAssignees = (enabled: boolean) =>
  useQuery({ queryKey: ['tickets', 'assignees'], queryFn: ({ signal }) => getTicketAssignees(signal), enabled, staleTime: 60_000 });
