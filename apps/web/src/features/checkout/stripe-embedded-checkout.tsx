import { loadStripe, type StripeEmbeddedCheckout as EmbeddedCheckout } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message.tsx';
import { Spinner } from '../../components/spinner.tsx';

/**
 * Step 4 with Stripe (events §4, §7: "the card checkout is embedded"): Stripe's embedded Checkout
 * in this sheet, for the session's client secret, with the publishable key the server gave. Its
 * own chunk, loaded only then; Stripe sends the buyer back to the event's page with
 * ?checkout_session= when paid.
 */
export function StripeEmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let checkout: EmbeddedCheckout | null = null;
    let isCurrent = true;
    (async () => {
      const stripe = await loadStripe(publishableKey);
      if (!stripe || !isCurrent) throw new Error('Stripe.js did not load');
      checkout = await stripe.createEmbeddedCheckoutPage({ clientSecret });
      if (!isCurrent || !host.current) {
        checkout.destroy();
        return;
      }
      checkout.mount(host.current);
      setState('ready');
    })().catch((error: unknown) => {
      console.error('Stripe Checkout could not be shown', error);
      if (isCurrent) setState('failed');
    });
    return () => {
      isCurrent = false;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);

  return (
    <div className="checkout__stripe">
      {state === 'loading' ? <Spinner label={t('checkout.opening')} /> : null}
      {state === 'failed' ? <FormMessage message={t('checkout.stripeFailed')} /> : null}
      <div ref={host} />
    </div>
  );
}
