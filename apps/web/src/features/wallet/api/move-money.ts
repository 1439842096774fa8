import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TMoneyMoved } from '@tarang/shared/wallets/wallet.schemas';
import { api } from '@/lib/api-client';

/** A money call's answer: the transaction, the wallets as they are now, and the server's words ("Money added"). */
export type TMoved = TMoneyMoved & { message?: string };

/** One submission of a money call: its body and the Idempotency-Key it is sent under (the same again on a retry). */
export type TMoneyCall<B> = { body: B; key: string };

/** Sends a money call with its Idempotency-Key; the server makes the movement once per key. */
export async function moveMoney(method: 'post' | 'put', path: string, body: unknown, key: string): Promise<TMoved> {
  const response = await api[method]<TMoneyMoved>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
  return { ...response.data, message: response.message };
}
