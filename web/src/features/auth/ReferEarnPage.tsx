import { ComingSoon } from '../../components/ui/Page';

export default function ReferEarnPage() {
  return <ComingSoon title="Refer & Earn" />;
}
