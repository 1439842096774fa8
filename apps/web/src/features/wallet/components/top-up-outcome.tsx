import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '@/lib/notify';
import { walletsResource } from '../api/get-wallets';

const OUTCOMES = ['success', 'failure'] as const;
type TOutcome = (typeof OUTCOMES)[number];

/**
 * Back from the payment gateway (/wallet?topup=success|failure&txnid=…): says how the top-up went, reads the wallets
 * again (the gateway's answer has credited the wallet by now, or not) and takes the outcome out of the address, so a
 * reload does not say it twice.
 */
export function TopUpOutcome() {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('topup');
  const txnid = searchParams.get('txnid') ?? '';
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!OUTCOMES.includes(outcome as TOutcome)) return;
    const seen = `${outcome}:${txnid}`;
    if (told.current === seen) return;
    told.current = seen;
    if (outcome === 'success') notify.success(txnid ? t('topUp.success', { txnid }) : t('topUp.successPlain'));
    else notify.error(txnid ? t('topUp.failure', { txnid }) : t('topUp.failurePlain'));
    void queryClient.invalidateQueries({ queryKey: walletsResource.keys.all });
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('topup');
        next.delete('txnid');
        return next;
      },
      { replace: true },
    );
  }, [outcome, txnid, t, queryClient, setSearchParams]);

  return null;
}
