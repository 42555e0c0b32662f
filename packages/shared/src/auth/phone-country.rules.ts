import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

export type { CountryCode };

export type PhoneCountry = { country: CountryCode; callingCode: string };

export const FALLBACK_PHONE_COUNTRY: CountryCode = 'US';

/** Every country the phone input offers, with its calling code (without the plus). */
export function listPhoneCountries(): PhoneCountry[] {
  return getCountries().map((country) => ({ country, callingCode: getCountryCallingCode(country) }));
}

export function isPhoneCountry(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

/** The region of a BCP 47 tag (en-GB -> GB) when it is a supported phone country. */
export function phoneCountryFromLocale(tags: readonly string[]): CountryCode | null {
  for (const tag of tags) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && /^[A-Z]{2}$/.test(region) && isSupportedCountry(region)) return region;
  }
  return null;
}

/**
 * Joins a chosen country and what the user typed into an international string for normalizePhone.
 * A typed leading plus wins over the country; a national trunk prefix (07911 in GB) is dropped.
 */
export function composePhone(country: CountryCode, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return '';
  const parsed = parsePhoneNumberFromString(digits, country);
  return parsed ? parsed.number : `+${getCountryCallingCode(country)}${digits}`;
}

/** Splits a stored E.164 number back into a country and the national number, for editing. */
export function splitPhone(e164: string | null, fallback: CountryCode): { country: CountryCode; national: string } {
  if (!e164) return { country: fallback, national: '' };
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { country: fallback, national: e164 };
  return { country: parsed.country ?? fallback, national: parsed.country ? parsed.nationalNumber : e164 };
}
