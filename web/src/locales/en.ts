/**
 * English needs no catalog (a text's key is its English wording) but for the plural forms of
 * texts that count something: the key is the form for many, `_one` the form for one.
 */
export const english: Record<string, string> = {};
