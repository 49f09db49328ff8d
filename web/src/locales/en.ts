/**
 * English needs no catalog (a text's key is its English wording) but for the plural forms of
 * texts that count something: the key is the form for many, `_one` the form for one.
 */
export const english: Record<string, string> = {
  '{{count}} days_one': '{{count}} day',
  '{{count}} weeks_one': '{{count}} week',
  '{{count}} months_one': '{{count}} month',
  '{{count}} years_one': '{{count}} year',
  '{{count}} minutes_one': '{{count}} minute',
};
