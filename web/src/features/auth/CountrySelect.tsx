import { forwardRef, useState, type SelectHTMLAttributes } from 'react';
import { countries, DEFAULT_COUNTRY, findCountry, flagEmojiSupported } from './countries';
import { t } from '../../lib/i18n';

/**
 * The country-code picker: a native select (a proper list on phones, typeable on desktops) that
 * shows only the flag and dial code in the field. Where flag emoji do not draw, the region code
 * stands in for the flag.
 */
export const CountrySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { value: string }>(function CountrySelect(
  { value, ...rest },
  ref,
) {
  const [flags] = useState(flagEmojiSupported);
  const country = findCountry(value) ?? findCountry(DEFAULT_COUNTRY)!;
  return (
    <div className="auth-country">
      <span className="auth-country__face" aria-hidden="true">
        {flags ? <span className="auth-country__flag">{country.flag}</span> : <span className="auth-country__code">{country.code}</span>}
        {country.dial}
        <span className="auth-country__caret">▾</span>
      </span>
      <select ref={ref} className="auth-country__select" aria-label={t('Country code')} value={value} {...rest}>
        {countries().map((c) => (
          <option key={c.code} value={c.code}>
            {flags ? `${c.flag} ` : ''}
            {c.name} ({c.dial})
          </option>
        ))}
      </select>
    </div>
  );
});
