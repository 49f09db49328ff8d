import { Page } from '../../components/ui/Page';
import { DepositForm } from './DepositForm';
import './wallet.css';
import { t } from '../../lib/i18n';

export default function DepositPage() {
  return (
    <Page title={t('Deposit')} narrow>
      <DepositForm />
    </Page>
  );
}
