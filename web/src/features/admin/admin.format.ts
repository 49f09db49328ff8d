import { formatRupees } from '../../../../contracts/amounts';

/** The original app's card date: day, long month, year (for example "5 January 2025"). */
export const formatDay = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
};

export const formatAmount = (amount: number | string) => formatRupees(Number(amount));

/** `payNumber` → "Pay Number", `telegramID` → "Telegram ID". */
export const humanizeKey = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());
