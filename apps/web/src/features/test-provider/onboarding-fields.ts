import { CURRENCIES, type Currency } from '@planns/shared/money/money.rules';
import { PAYOUT_COUNTRIES, type BusinessType } from '@planns/shared/payments/payments.rules';
import { onboardBodySchema, type OnboardBody } from '@planns/shared/payments/payments.schemas';

/** The hosted onboarding form's fields, as the server names them (onboardBodySchema). */
export const ONBOARDING_FIELDS = ['business_type', 'first_name', 'last_name', 'country', 'default_currency'] as const;
export type OnboardingField = (typeof ONBOARDING_FIELDS)[number];

export type OnboardingValues = {
  business_type: BusinessType | '';
  first_name: string;
  last_name: string;
  country: string;
  default_currency: string;
  accept_terms: boolean;
};

/**
 * The form's values checked by the server's own schema: the body to send, or the fields that
 * need attention (the page words each field's message in the person's language).
 */
export function checkOnboarding(values: OnboardingValues): { body: OnboardBody } | { fields: OnboardingField[] } {
  const parsed = onboardBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const fields = new Set<OnboardingField>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((ONBOARDING_FIELDS as readonly unknown[]).includes(field)) fields.add(field as OnboardingField);
  }
  return { fields: ONBOARDING_FIELDS.filter((f) => fields.has(f)) };
}

/** The fields a 422 from the server names (its keys are the body's). */
export function onboardingFieldsOf(fields: Readonly<Record<string, string>>): OnboardingField[] {
  return ONBOARDING_FIELDS.filter((f) => f in fields);
}

function displayNames(language: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type });
  } catch {
    return null;
  }
}

/** The payout countries with their names in `language`, in that language's alphabetical order. */
export function payoutCountryOptions(language: string): { code: string; name: string }[] {
  const names = displayNames(language, 'region');
  const collator = new Intl.Collator(language);
  return PAYOUT_COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/** The fifteen currencies in the spec's order, named in `language` ('Euro (EUR)'). */
export function currencyOptions(language: string): { code: Currency; name: string }[] {
  const names = displayNames(language, 'currency');
  return CURRENCIES.map((code) => {
    const name = names?.of(code);
    return { code, name: name && name !== code ? `${name} (${code})` : code };
  });
}
