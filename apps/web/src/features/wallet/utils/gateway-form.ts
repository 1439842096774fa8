import type { TPayUForm } from '@tarang/shared/wallets/wallet.schemas';

/**
 * Sends the browser to the payment gateway: a POST form to `action` with a hidden input for every field, as PayU's
 * hosted checkout takes it (or the simulator that stands in for it). The gateway brings the browser back to
 * /wallet?topup=success|failure&txnid=….
 */
export function postToGateway({ action, fields }: TPayUForm, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return form;
}
