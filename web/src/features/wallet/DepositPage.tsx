import { Page } from '../../components/ui/Page';
import { DepositForm } from './DepositForm';
import './wallet.css';

export default function DepositPage() {
  return (
    <Page title="Deposit" narrow>
      <DepositForm />
    </Page>
  );
}
