import { ComingSoon } from '../../components/ui/Page';

export default function BetsPage() {
  return <ComingSoon title="All Bets" />;
}
