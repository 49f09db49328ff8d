import BetsPage from '../features/chicken/BetsPage';
import { SpinHistory } from '../features/spinner/SpinHistory';

/** /bets: every bet of the player, the Chicken Road rounds and the wheel's spins, each verifiable. */
export default function BetsScreen() {
  return <BetsPage spins={<SpinHistory />} />;
}
