/** How a wheel segment reads: "LOSE" is a segment without a prize, anything else rupees. */
export const prizeLabel = (prize: string) => (prize === 'LOSE' ? 'No prize' : `₹${prize}`);

/** The line under the wheel once it stops. */
export const resultText = (prize: string) => (prize === 'LOSE' ? 'No prize this time' : `You won: ₹${prize}`);
