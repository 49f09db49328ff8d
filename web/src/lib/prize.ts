import { LOSE } from '../../../contracts/spinner.math';
import { t } from './i18n';

/**
 * How a prize of the wheel reads: rupees ("₹50"), or a segment without a prize, "No prize" for
 * players (the back office names it by the token its admins type, LOSE).
 */
export const prizeLabel = (prize: string, noPrize: string = t('No prize')) => (prize === LOSE ? noPrize : `₹${prize}`);
