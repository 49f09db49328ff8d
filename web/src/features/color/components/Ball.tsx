import { coloursOf, type Selection } from '../../../../../contracts/color.math';
import { t, tk } from '../../../lib/i18n';

const LABELS: Record<string, string> = { green: tk('Green'), red: tk('Red'), violet: tk('Violet'), big: tk('Big'), small: tk('Small') };
/** A bet's choice in the player's words: "Green", "Big", "Number 7". */
export const labelOf = (s: Selection) => (LABELS[s] ? t(LABELS[s]) : t('Number {{n}}', { n: s }));

/** The -आ choices as Hindi says them before a postposition ("हरे पर दांव"); English has one form. */
const OBLIQUE: Record<string, () => string> = {
  green: () => t('Green', { context: 'oblique' }),
  big: () => t('Big', { context: 'oblique' }),
  small: () => t('Small', { context: 'oblique' }),
};
/** A bet's choice before a postposition: "Bet on {{choice}}" is "हरे पर दांव", not "हरा पर दांव". */
export const obliqueLabelOf = (s: Selection) => OBLIQUE[s]?.() ?? labelOf(s);

/** A number drawn as a ball in its colours (0 and 5 are half violet). */
export function Ball({ n, size = 'md' }: { n: number; size?: 'sm' | 'md' | 'lg' }) {
  const colours = coloursOf(n);
  return (
    <span
      className={`color-ball color-ball--${size} ${colours.map((c) => `color-ball--${c}`).join(' ')}`}
      aria-label={`${n}, ${colours.map((c) => t(LABELS[c]).toLowerCase()).join(t(' and '))}`}
    >
      {n}
    </span>
  );
}
