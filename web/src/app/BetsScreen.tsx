import BetsPage from '../features/chicken/BetsPage';
import { ColorBets } from '../features/color/ColorBets';
import { SpinHistory } from '../features/spinner/SpinHistory';

/** /bets: every bet of the player: Chicken Road rounds, colour bets and the wheel's spins, each verifiable. */
export default function BetsScreen() {
  return (
    <BetsPage
      more={[
        { key: 'color', label: 'Colour', list: <ColorBets /> },
        { key: 'spins', label: 'Spins', list: <SpinHistory /> },
      ]}
    />
  );
}
