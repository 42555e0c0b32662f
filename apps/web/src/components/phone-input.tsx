import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FALLBACK_PHONE_COUNTRY,
  isPhoneCountry,
  listPhoneCountries,
  phoneCountryFromLocale,
  type CountryCode,
} from '@planns/shared/auth/phone-country.rules';
import { useFormat } from '../lib/format.ts';
import { FormMessage } from './form-message.tsx';
import './phone-input.css';

/** The country a new phone input starts with: the region of the browser's language, else the US. */
export function defaultPhoneCountry(): CountryCode {
  return phoneCountryFromLocale(navigator.languages ?? [navigator.language]) ?? FALLBACK_PHONE_COUNTRY;
}

type PhoneInputProps = {
  label: string;
  country: CountryCode;
  onCountryChange: (country: CountryCode) => void;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** A country calling-code select and a number field; a typed leading + overrides the country. */
export function PhoneInput({ label, country, onCountryChange, value, onValueChange, error, autoFocus, disabled }: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const id = useId();
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return listPhoneCountries()
      .map((c) => ({ ...c, name: format.regionName(c.country) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [format, i18n.language]);
  const selected = countries.find((c) => c.country === country);
  const errorId = `${id}-error`;

  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-number`}>
        {label}
      </label>
      <div className={['phone-input', error ? 'phone-input--invalid' : ''].filter(Boolean).join(' ')}>
        <span className="phone-input__country">
          <span className="phone-input__country-face" aria-hidden="true">
            <span className="phone-input__flag">{country}</span>
            <span dir="ltr">+{selected?.callingCode}</span>
          </span>
          <select
            className="phone-input__select"
            aria-label={t('phone.countryCode')}
            value={country}
            disabled={disabled}
            onChange={(event) => {
              if (isPhoneCountry(event.target.value)) onCountryChange(event.target.value);
            }}
          >
            {countries.map((c) => (
              <option key={c.country} value={c.country}>
                {`${c.name} (+${c.callingCode})`}
              </option>
            ))}
          </select>
        </span>
        <input
          id={`${id}-number`}
          className="phone-input__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder={t('phone.placeholder')}
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FormMessage id={errorId} message={error} />
    </div>
  );
}
