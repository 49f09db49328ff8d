import { ComingSoon } from '../../components/ui/Page';

export default function ChickenRoadPage() {
  return <ComingSoon title="Chicken Road" />;
}
