import { ComingSoon } from '../../components/ui/Page';

export default function FairnessPage() {
  return <ComingSoon title="Fairness" />;
}
