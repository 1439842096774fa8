import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { usePlanMessages } from './messages';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function Said({ texts }: { texts: string[] }) {
  const { failure, message } = usePlanMessages();
  return (
    <ul>
      <li>{failure({ code: 'CONFLICT', message: texts[0] })}</li>
      {texts.slice(1).map((text) => (
        <li key={text}>{message(text)}</li>
      ))}
    </ul>
  );
}

describe('plan messages', () => {
  const texts = [
    'Plan is in use by 1 organisation and 310 SIMs; retire it instead',
    'The price must be at least ₹1,500.00, what you pay for this plan (got ₹1,400.00)',
    'dataMb must be a whole number',
  ];

  it('shows English readers the server’s words', async () => {
    await renderWithProviders(<Said texts={texts} />);
    expect(await screen.findByText('Plan is in use by 1 organisation and 310 SIMs; retire it instead')).toBeInTheDocument();
    expect(screen.getByText('The price must be at least ₹1,500.00, what you pay for this plan (got ₹1,400.00)')).toBeInTheDocument();
    expect(screen.getByText('Enter the data allowance as a whole number of MB (0 for none)')).toBeInTheDocument();
  });

  it('puts them in Hindi, with their figures', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await renderWithProviders(<Said texts={texts} />);
    expect(await screen.findByText('प्लान 1 संगठन और 310 सिम द्वारा उपयोग में है; इसे हटाने के बजाय बंद करें')).toBeInTheDocument();
    expect(screen.getByText('कीमत कम से कम ₹1,500.00 होनी चाहिए, जो आप इस प्लान के लिए देते हैं (₹1,400.00 मिला)')).toBeInTheDocument();
    expect(screen.getByText('डेटा सीमा एमबी की पूर्ण संख्या में लिखें (कुछ नहीं के लिए 0)')).toBeInTheDocument();
  });
});
