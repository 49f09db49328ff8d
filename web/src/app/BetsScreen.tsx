import BetsPage from '../features/chicken/BetsPage';
import { ColorBets } from '../features/color/ColorBets';
import { SpinHistory } from '../features/spinner/SpinHistory';
import { t } from '../lib/i18n';

/** /bets: every bet of the player: Chicken Road rounds, colour bets and the wheel's spins, each verifiable. */
export default function BetsScreen() {
  return (
    <BetsPage
      more={[
        { key: 'color', label: t('Colour Prediction'), list: <ColorBets /> },
        { key: 'spins', label: t('Spins'), list: <SpinHistory /> },
      ]}
    />
  );
}
