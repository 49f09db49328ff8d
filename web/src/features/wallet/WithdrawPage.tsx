import { ComingSoon } from '../../components/ui/Page';

export default function WithdrawPage() {
  return <ComingSoon title="Withdraw" />;
}
