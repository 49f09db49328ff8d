import { coloursOf, type Selection } from '../../../../contracts/color.math';

export const LABELS: Record<string, string> = { green: 'Green', red: 'Red', violet: 'Violet', big: 'Big', small: 'Small' };
export const labelOf = (s: Selection) => LABELS[s] ?? `Number ${s}`;

/** A number drawn as a ball in its colours (0 and 5 are half violet). */
export function Ball({ n, size = 'md' }: { n: number; size?: 'sm' | 'md' | 'lg' }) {
  const colours = coloursOf(n);
  return (
    <span className={`color-ball color-ball--${size} ${colours.map((c) => `color-ball--${c}`).join(' ')}`} aria-label={`${n}, ${colours.join(' and ')}`}>
      {n}
    </span>
  );
}
