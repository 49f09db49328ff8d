import { ChickenRoadScreen } from './ChickenRoadPage';

/** Chicken Road with play money, for anyone (/chicken-road/demo). */
export default function ChickenRoadDemoPage() {
  return <ChickenRoadScreen demo />;
}
