import { COLOR_FEE } from '../../../../contracts/color.math';

/** Seconds as a clock reads them: "1:05". */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The fee, as the payout rule of contracts/color.math.ts takes it: "2%". */
export const FEE = `${Math.round(COLOR_FEE * 100)}%`;
