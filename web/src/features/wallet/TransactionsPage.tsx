import { ComingSoon } from '../../components/ui/Page';

export default function TransactionsPage() {
  return <ComingSoon title="Transaction History" />;
}
