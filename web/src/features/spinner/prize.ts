/** How a wheel segment reads: "LOSE" is a segment without a prize, anything else rupees. */
import { t } from '../../lib/i18n';
export const prizeLabel = (prize: string) => (prize === 'LOSE' ? t('No prize') : `₹${prize}`);

/** The line under the wheel once it stops. */
export const resultText = (prize: string) => (prize === 'LOSE' ? t('No prize this time') : t('You won: ₹{{prize}}', { prize }));
