import { useState } from 'react';
import { Page } from '../../components/ui/Page';
import { Tabs } from '../../components/ui/Tabs';
import { useBalance } from '../../lib/useSession';
import { formatRupees } from '../../../../contracts/amounts';
import { EthWithdrawForm, InrWithdrawForm, UsdtWithdrawForm } from './WithdrawForms';
import './wallet.css';
import { t } from '../../lib/i18n';

const TABS = [
  { id: 'INR', label: 'INR' },
  { id: 'USDT', label: 'USDT' },
  { id: 'ETH', label: 'ETH' },
] as const;
type Currency = (typeof TABS)[number]['id'];

export default function WithdrawPage() {
  const [tab, setTab] = useState<Currency>('INR');
  const balance = useBalance();
  return (
    <Page title={t('Withdraw')} narrow>
      <div className="card wallet-balance">
        <span className="wallet-balance__label">{t('Available balance')}</span>
        <strong className="wallet-balance__value" data-testid="available-balance">
          {balance.isPending ? '…' : balance.isError ? '—' : formatRupees(balance.data ?? 0)}
        </strong>
      </div>
      <section className="card wallet-card">
        <Tabs tabs={TABS} active={tab} onChange={setTab} label={t('Withdrawal currency')}>
          {tab === 'INR' && <InrWithdrawForm />}
          {tab === 'USDT' && <UsdtWithdrawForm />}
          {tab === 'ETH' && <EthWithdrawForm />}
        </Tabs>
      </section>
    </Page>
  );
}
