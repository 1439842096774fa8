import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WalletHolds } from './wallet-holds';
import { WalletStatement } from './wallet-statement';

type TTab = 'transactions' | 'blocked';

/** What happened on a wallet: its statement and the money held on it, one tab each. */
export function WalletActivity({ walletId }: { walletId: string }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const [tab, setTab] = useState<TTab>('transactions');
  const tabs: TTab[] = ['transactions', 'blocked'];
  return (
    <Box>
      <Tabs value={tab} onChange={(_event, value: TTab) => setTab(value)} aria-label={t('tabs.label')} sx={{ mb: 1.5 }}>
        {tabs.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`tabs.${value}`)}
            id={`${id}-${value}-tab`}
            // Only the panel on screen exists.
            aria-controls={tab === value ? `${id}-${value}-panel` : undefined}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'transactions' ? <WalletStatement walletId={walletId} /> : <WalletHolds walletId={walletId} />}
      </div>
    </Box>
  );
}
