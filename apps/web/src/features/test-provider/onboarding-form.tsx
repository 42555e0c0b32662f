import { Checkbox } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCurrency } from '@planns/shared/money/money.rules';
import { BUSINESS_TYPES, isPayoutCountry, type BusinessType } from '@planns/shared/payments/payments.rules';
import type { OnboardingPage } from '../../api/test-provider/get-onboarding-page.ts';
import { useSubmitOnboarding } from '../../api/test-provider/submit-onboarding.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useFormat } from '../../lib/format.ts';
import { DestinationLink, useFollowUrl } from './destination-link.tsx';
import { HostedState } from './hosted-state.tsx';
import {
  checkOnboarding,
  currencyOptions,
  onboardingFieldsOf,
  payoutCountryOptions,
  type OnboardingField,
  type OnboardingValues,
} from './onboarding-fields.ts';

function isBusinessType(value: string | null): value is BusinessType {
  return (BUSINESS_TYPES as readonly (string | null)[]).includes(value);
}

/**
 * The hosted onboarding form ("Verify your payout account"): business type, name, country,
 * default currency and the provider's terms. Submitted, it goes on to the link's return_url; the
 * server's 422 is shown by field; a link that expired meanwhile offers its refresh_url.
 */
export function OnboardingForm({ linkId, page }: { linkId: string; page: OnboardingPage }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const followUrl = useFollowUrl();
  const submit = useSubmitOnboarding(linkId);
  const id = useId();

  const [values, setValues] = useState<OnboardingValues>(() => ({
    business_type: isBusinessType(page.business_type) ? page.business_type : '',
    first_name: page.first_name ?? '',
    last_name: page.last_name ?? '',
    // Only what the selects offer: a stored value outside them would show as their first option.
    country: page.country && isPayoutCountry(page.country) ? page.country : '',
    default_currency: isCurrency(page.default_currency) ? page.default_currency : '',
    // Terms once accepted stay accepted (the provider keeps them): shown ticked.
    accept_terms: page.tos_accepted,
  }));
  const [invalid, setInvalid] = useState<ReadonlySet<OnboardingField>>(new Set());
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [isGone, setIsGone] = useState(false);
  /** Bumped when a submit finds fields to fix: the first of them gets the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const countries = useMemo(() => payoutCountryOptions(i18n.language), [i18n.language]);
  const currencies = useMemo(() => currencyOptions(i18n.language), [i18n.language]);

  function change<K extends keyof OnboardingValues>(field: K, value: OnboardingValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid.has(field as OnboardingField)) setInvalid((current) => new Set([...current].filter((f) => f !== field)));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    setGeneralError(null);
    const checked = checkOnboarding(values);
    if ('fields' in checked) {
      setInvalid(new Set(checked.fields));
      setFocusRequest((n) => n + 1);
      return;
    }
    setInvalid(new Set());
    try {
      const reply = await submit.mutateAsync(checked.body);
      if (!followUrl(reply.return_url ?? page.return_url)) followUrl('/stripe-settings');
    } catch (failure) {
      if (isApiError(failure) && failure.status === 404) {
        setIsGone(true);
        return;
      }
      const fields = isApiError(failure) ? onboardingFieldsOf(failure.fields) : [];
      if (fields.length > 0) {
        setInvalid(new Set(fields));
        setFocusRequest((n) => n + 1);
      } else setGeneralError(errorMessage(failure));
    }
  }

  if (isGone) {
    return (
      <HostedState icon="clock" tone="warning" title={t('testProvider.linkGone.onboardingTitle')} text={t('testProvider.linkGone.onboardingText')}>
        <DestinationLink url={page.refresh_url} fallback="/stripe-settings" className="btn btn--primary btn--block">
          {t('testProvider.linkGone.refresh')}
        </DestinationLink>
      </HostedState>
    );
  }

  const errorOf = (field: OnboardingField) => (invalid.has(field) ? t(`testProvider.onboarding.errors.${field}`) : null);
  const expiresAt = format.date(new Date(page.expires_at * 1000), { timeStyle: 'short' });

  return (
    <form ref={formRef} className="tp-card tp-onboarding" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="tp-heading">
        <h1 className="tp-heading__title">{t('testProvider.onboarding.title')}</h1>
        <p className="tp-heading__text">{t('testProvider.onboarding.intro')}</p>
        <p className="tp-heading__email">
          <Icon name="mail" size={18} />
          <bdi>{page.email}</bdi>
        </p>
      </div>
      {page.details_submitted ? <p className="tp-note">{t('testProvider.onboarding.alreadySubmitted')}</p> : null}

      <fieldset className="tp-fieldset" aria-describedby={invalid.has('business_type') ? `${id}-business_type-error` : undefined}>
        <legend className="field__label">{t('testProvider.onboarding.businessType')}</legend>
        <div className="tp-choices">
          {BUSINESS_TYPES.map((type) => (
            <label key={type} className="tp-choice">
              <input
                type="radio"
                name="business_type"
                className="tp-choice__input"
                value={type}
                checked={values.business_type === type}
                onChange={() => change('business_type', type)}
                aria-invalid={invalid.has('business_type') ? true : undefined}
              />
              <span className="tp-choice__label">{t(`testProvider.onboarding.businessTypes.${type}`)}</span>
            </label>
          ))}
        </div>
        <FormMessage id={`${id}-business_type-error`} message={errorOf('business_type')} />
      </fieldset>

      <div className="tp-pair">
        <TextField
          label={t('testProvider.onboarding.firstName')}
          value={values.first_name}
          onChange={(event) => change('first_name', event.target.value)}
          autoComplete="given-name"
          maxLength={100}
          error={errorOf('first_name')}
        />
        <TextField
          label={t('testProvider.onboarding.lastName')}
          value={values.last_name}
          onChange={(event) => change('last_name', event.target.value)}
          autoComplete="family-name"
          maxLength={100}
          error={errorOf('last_name')}
        />
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-country`}>
          {t('testProvider.onboarding.country')}
        </label>
        <select
          id={`${id}-country`}
          className="input tp-select"
          value={values.country}
          onChange={(event) => change('country', event.target.value)}
          autoComplete="country"
          aria-invalid={invalid.has('country') ? true : undefined}
          aria-describedby={invalid.has('country') ? `${id}-country-error` : undefined}
        >
          <option value="" disabled>
            {t('testProvider.onboarding.chooseCountry')}
          </option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <FormMessage id={`${id}-country-error`} message={errorOf('country')} />
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-default_currency`}>
          {t('testProvider.onboarding.currency')}
        </label>
        <select
          id={`${id}-default_currency`}
          className="input tp-select"
          value={values.default_currency}
          onChange={(event) => change('default_currency', event.target.value)}
          aria-invalid={invalid.has('default_currency') ? true : undefined}
          aria-describedby={[`${id}-currency-hint`, invalid.has('default_currency') ? `${id}-default_currency-error` : ''].filter(Boolean).join(' ')}
        >
          <option value="" disabled>
            {t('testProvider.onboarding.chooseCurrency')}
          </option>
          {currencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.name}
            </option>
          ))}
        </select>
        <p id={`${id}-currency-hint`} className="field__hint">
          {t('testProvider.onboarding.currencyHint')}
        </p>
        <FormMessage id={`${id}-default_currency-error`} message={errorOf('default_currency')} />
      </div>

      <div className="tp-terms">
        <div className="checkbox-row">
          <Checkbox.Root
            id={`${id}-terms`}
            className="checkbox"
            checked={values.accept_terms}
            onCheckedChange={(checked) => change('accept_terms', checked === true)}
            aria-describedby={`${id}-terms-hint`}
          >
            <Checkbox.Indicator className="checkbox__indicator">
              <Icon name="check" size={16} />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <label htmlFor={`${id}-terms`} className="checkbox-row__label">
            {t('testProvider.onboarding.acceptTerms')}
          </label>
        </div>
        <p id={`${id}-terms-hint`} className="field__hint tp-terms__hint">
          {values.accept_terms ? t('testProvider.onboarding.acceptedHint') : t('testProvider.onboarding.notAcceptedHint')}
        </p>
      </div>

      <FormMessage message={generalError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={submit.isPending}>
        {submit.isPending ? t('testProvider.onboarding.submitting') : t('testProvider.onboarding.submit')}
      </button>
      <p className="tp-footnote">{t('testProvider.onboarding.expires', { time: expiresAt })}</p>
    </form>
  );
}
