import { useMutation } from '@tanstack/react-query';
import type { TPayUForm } from '@tarang/shared/wallets/wallet.schemas';
import { api } from '@/lib/api-client';

export type TTopUp = { walletId: string; amount: number };

/**
 * POST /wallet/payU/transaction: the hosted-checkout form of a top-up. It moves no money (the gateway's answer does),
 * so no read is made stale.
 */
export async function createTopUp(body: TTopUp): Promise<TPayUForm> {
  const response = await api.post<TPayUForm>('/wallet/payU/transaction', body);
  return response.data;
}

export const useCreateTopUp = () => useMutation({ mutationFn: createTopUp });
