import { ComingSoon } from '../../components/ui/Page';

export default function DepositPage() {
  return <ComingSoon title="Deposit" />;
}
