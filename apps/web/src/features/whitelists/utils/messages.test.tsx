import { normaliseIpEntries, parseIpEntry, type TIpEntryInput, type TIpProtocol } from '@tarang/shared/whitelists/ip-entries';
import { normaliseWhitelistNumber } from '@tarang/shared/whitelists/whitelist-numbers';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { useWhitelistMessages } from './messages';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const ADDRESSES = [
  '',
  '10.1.2.0\u0007',
  '10.1.2.0 /24',
  'fe80::1%eth0',
  '/24',
  '10.1.2',
  '10..2.3',
  '01.2.3.4',
  '10.1.2.256',
  '1::2::3',
  '1:2:3:4:5:6:7:8::',
  '1:2:3',
  'g::1',
  '1:2:3:4:5:1.2.3.4:6',
  '::ffff:1.2.3',
  '1:2:3:4:5:6:7::8:9',
  '1:::2',
  'gateway.example.com',
  'backend-'.repeat(10),
  '10.1.2.3/x',
  '10.1.2.3/33',
  '2001:db8::/129',
  '0.0.0.0/0',
  '10.0.0.0/8',
  '2001:db8::/32',
  '127.0.0.1',
  '255.255.255.255',
  '::1',
  '127.0.0.0/16',
  '255.255.0.0/16',
  '::/48',
  '10.1.2.3/24',
];
const PORTS = ['https', '0', '70000', '9000-8000'];
const NUMBERS = ['', '98765\u000743210', 'call me', '+', '98+76', '+1 415 555 0100', '5876543210', '0123456789012', '12345', '+91 12345'];

/** Every refusal the shared rules make for these inputs (as the console checks before sending, and the server too). */
function refusals(): string[] {
  const out = new Set<string>();
  const add = (input: TIpEntryInput) => {
    const parsed = parseIpEntry(input);
    if ('errors' in parsed) for (const e of parsed.errors) out.add(e.message);
  };
  for (const address of ADDRESSES) add({ address });
  for (const ports of PORTS) add({ address: '10.1.2.0/24', ports });
  add({ address: '10.1.2.0/24', protocol: 'SCTP' as TIpProtocol });
  for (const e of normaliseIpEntries([], 50).errors) out.add(e.message);
  const three = ['10.1.0.0/24', '10.2.0.0/24', '10.3.0.0/24'].map((address) => ({ address }));
  for (const e of normaliseIpEntries(three, 2).errors) out.add(e.message);
  for (const number of NUMBERS) {
    const result = normaliseWhitelistNumber(number);
    if ('error' in result) out.add(result.error);
  }
  return [...out];
}

const SERVER = [
  'IP group sent for approval; 2 duplicate entries merged',
  'Changes sent for approval; 1 duplicate entry merged',
  '3 numbers added',
  '1 number added',
  'A number group holds at most 100 numbers (the operator limit); this would make 104',
  'An IP group with this name already exists in this organisation',
  // Groups applied to SIMs: refusals, the request made, what the reconcile found at an operator.
  'This IP group has no approved entries yet',
  'This IP group is inactive: activate it first',
  'This number group has no numbers yet',
  "2 of the SIMs do not belong to Telemetry back ends's organisation or one below it",
  'Request BJ00000077 created',
  'AIRTEL holds no IP whitelist on this SIM',
  'VI holds no number whitelist on this SIM',
  'BSNL holds 1 of the 3 entries missing',
  'BSNL holds 2 numbers that are not in the group',
  'AIRTEL holds 1 of the 3 entries missing and 2 entries that are not in the group',
  'This time has passed: choose a later one',
];

function Said({ texts }: { texts: string[] }) {
  const { message } = useWhitelistMessages();
  return (
    <ol>
      {texts.map((text) => (
        <li key={text} data-testid="said">
          {message(text)}
        </li>
      ))}
    </ol>
  );
}

async function said(texts: string[]): Promise<string[]> {
  await renderWithProviders(<Said texts={texts} />);
  const items = await screen.findAllByTestId('said', {}, { timeout: 10_000 });
  return items.map((item) => item.textContent ?? '');
}

describe('whitelist messages', () => {
  const texts = refusals();

  it('finds the refusals of the shared rules worth checking', () => {
    // Every kind of refusal, not a handful: a rule that stops refusing would shrink this.
    expect(texts.length).toBeGreaterThanOrEqual(40);
  });

  it('shows English readers the words of the shared rules and the server as they are', async () => {
    const all = [...texts, ...SERVER];
    expect(await said(all)).toEqual(all);
  });

  it('puts every refusal of the shared rules, and the server’s news, in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    const all = [...texts, ...SERVER];
    const hindi = await said(all);
    const untranslated = all.filter((text, i) => hindi[i] === text || !/[\u0900-\u097F]/.test(hindi[i] ?? ''));
    expect(untranslated).toEqual([]);
    expect(hindi).toContain("'10.0.0.0/8' बहुत बड़ी रेंज है: IPv4 के लिए सबसे बड़ी अनुमत रेंज /16 है; इसे /16 या उससे छोटी रेंज में बाँटें");
    expect(hindi).toContain("'127.0.0.0/16' लूपबैक रेंज 127.0.0.0/8 के भीतर है: लूपबैक पते व्हाइटलिस्ट नहीं किए जा सकते");
    expect(hindi).toContain("'01.2.3.4' मान्य IPv4 पता नहीं है: '01' शून्य से शुरू होता है, जिसे कुछ सिस्टम ऑक्टल समझते हैं; इसे शुरुआती शून्य के बिना लिखें");
    expect(hindi).toContain('IP समूह स्वीकृति के लिए भेजा गया; दोहराई गई प्रविष्टियाँ मिलाई गईं: 2');
    expect(hindi).toContain('जोड़े गए नंबर: 3');
    expect(hindi).toContain('AIRTEL के पास 3 में से 1 प्रविष्टियाँ नहीं हैं और 2 अतिरिक्त प्रविष्टियाँ हैं जो समूह में नहीं हैं');
  });
});
