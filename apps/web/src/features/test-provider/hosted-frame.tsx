import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';
import { TestModeBanner } from './test-mode-banner.tsx';
import './test-provider.css';

type HostedFrameProps = {
  /** The header's end: the language switcher (the shell's, passed in by the screen). */
  headerEnd?: ReactNode;
  /** The checkout page lists its test cards below the form: the banner points there; a receipt needs none. */
  cards?: 'inline' | 'below' | 'none';
  children: ReactNode;
};

/**
 * The frame of the test payment provider's hosted pages (onboarding, dashboard, checkout): they
 * stand in for Stripe's own pages, so they carry the provider's name and the test mode banner
 * instead of planns' header and footer tabs (app-shell leaves those out on /test-provider/...).
 */
export function HostedFrame({ headerEnd, cards = 'inline', children }: HostedFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="tp-frame">
      <header className="tp-frame__header">
        <span className="tp-frame__brand">
          <span className="tp-frame__logo" aria-hidden="true">
            <Icon name="lock" size={18} />
          </span>
          <span className="tp-frame__name">{t('testProvider.brand')}</span>
        </span>
        {headerEnd}
      </header>
      <TestModeBanner cards={cards} />
      <div className="tp-frame__body">{children}</div>
    </div>
  );
}
