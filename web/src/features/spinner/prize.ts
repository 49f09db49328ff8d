import { LOSE } from '../../../../contracts/spinner.math';
import { paidResult } from '../../lib/betResult';
import { t } from '../../lib/i18n';

/** The line under the wheel once it stops ("LOSE" is a segment without a prize, anything else rupees). */
export const resultText = (prize: string) => (prize === LOSE ? t('No prize this time') : t('You won: ₹{{prize}}', { prize }));

/** What a prize paid, as every game's result says it (a spin stakes nothing): "Paid ₹30.00 (+₹30.00)"; null for no prize. */
export const prizePaid = (prize: string): string | null => (prize === LOSE || !Number(prize) ? null : paidResult(0, Number(prize)).text);
