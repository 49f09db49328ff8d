import { ComingSoon } from '../../components/ui/Page';

export default function RankingPage() {
  return <ComingSoon title="Ranking" />;
}
