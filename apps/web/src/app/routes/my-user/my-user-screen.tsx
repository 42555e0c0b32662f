import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../../api/auth/logout.ts';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import { formatPhone } from '@planns/shared/auth/phone.rules';
import { Avatar } from '../../../components/avatar.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SignedInContent } from '../../../components/signed-in-content.tsx';
import { CalendarFeedSection } from '../../../features/calendar/calendar-feed-section.tsx';
import { useConfig } from '../../../api/config/get-config.ts';
import { whatsappUrl } from '../../../features/events/event-format.ts';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import { ProfileSection } from './profile-section.tsx';
import './my-user-screen.css';

/** One row of the account menu that opens another screen. */
function MenuLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <li>
      <Link to={to} className="menu__item">
        <Icon name={icon} />
        <span className="menu__label">{label}</span>
        <Icon name="forward" className="menu__chevron" />
      </Link>
    </li>
  );
}

/** The support contact (SUPPORT_PHONE): a WhatsApp chat, in a new tab; absent when none is set. */
function SupportLink({ label }: { label: string }) {
  const url = whatsappUrl(useConfig().support_phone);
  if (!url) return null;
  return (
    <li>
      <a href={url} className="menu__item" target="_blank" rel="noopener noreferrer">
        <Icon name="chat" />
        <span className="menu__label">{label}</span>
        <Icon name="forward" className="menu__chevron" />
      </a>
    </li>
  );
}

/**
 * /my-user, the account area (accounts §2): Profile, Friends, Notification settings, Privacy
 * Policy, My Tickets and the Billing expander (Purchase History, Payments Received, Stripe,
 * Payment Settings).
 */
export function MyUserScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const errorMessage = useErrorMessage();
  const profileId = useId();
  const [isProfileOpen, setIsProfileOpen] = useState(true);
  const billingId = useId();
  const [isBillingOpen, setIsBillingOpen] = useState(false);
  const calendarId = useId();
  // The event page's calendar block links here with the calendar feed open.
  const location = useLocation();
  const isCalendarAsked = (location.state as { open?: string } | null)?.open === 'calendar';
  const [isCalendarOpen, setIsCalendarOpen] = useState(isCalendarAsked);
  const calendarItem = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (isCalendarAsked) calendarItem.current?.scrollIntoView({ block: 'start' });
  }, [isCalendarAsked, user]);

  return (
    <div className="my-user">
      <PageHeader
        title={t('account.title')}
        actions={
          user ? (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate('/') })}
            >
              <Icon name="logout" size={18} />
              {t('account.logout')}
            </button>
          ) : undefined
        }
      />
      <SignedInContent
        signedOut={{ icon: <Icon name="user" size={32} />, text: t('account.signedOut'), signInLabel: t('account.signIn'), action: { name: 'open_profile' } }}
      >
        {(user) => (
          <>
            <FormMessage message={logout.error ? errorMessage(logout.error) : null} />

            <div className="my-user__card">
              <Avatar src={user.avatar_m ?? user.avatar} name={user.name} size={64} />
              <div className="my-user__identity">
                <p className="my-user__name">{user.name || t('account.noName')}</p>
                {user.phone ? (
                  <p className="my-user__meta">
                    <bdi dir="ltr">{formatPhone(user.phone)}</bdi>
                  </p>
                ) : null}
              </div>
            </div>

            <nav className="menu" aria-label={t('account.menu')}>
              <ul className="menu__list">
                <li>
                  <button
                    type="button"
                    className="menu__item"
                    aria-expanded={isProfileOpen}
                    aria-controls={profileId}
                    onClick={() => setIsProfileOpen((open) => !open)}
                  >
                    <Icon name="user" />
                    <span className="menu__label">{t('account.profile')}</span>
                    <Icon name="chevronDown" className={isProfileOpen ? 'menu__chevron menu__chevron--open' : 'menu__chevron'} />
                  </button>
                  <div id={profileId} hidden={!isProfileOpen} className="menu__panel">
                    {isProfileOpen ? <ProfileSection user={user} /> : null}
                  </div>
                </li>
                <MenuLink to="/friends" icon="users" label={t('account.friends')} />
                <MenuLink to="/notification_settings" icon="settings" label={t('notifications.openSettings')} />
                <MenuLink to="/privacy-policy" icon="document" label={t('legal.privacy.title')} />
                <MenuLink to="/tickets" icon="ticket" label={t('myTickets.menu')} />
                {user.is_moderator ? <MenuLink to="/sms-sender" icon="chat" label={t('smsSender.menu')} /> : null}
                <SupportLink label={t('account.support')} />
                <li ref={calendarItem}>
                  <button
                    type="button"
                    className="menu__item"
                    aria-expanded={isCalendarOpen}
                    aria-controls={calendarId}
                    onClick={() => setIsCalendarOpen((open) => !open)}
                  >
                    <Icon name="calendar" />
                    <span className="menu__label">{t('calendar.feed.menu')}</span>
                    <Icon name="chevronDown" className={isCalendarOpen ? 'menu__chevron menu__chevron--open' : 'menu__chevron'} />
                  </button>
                  <div id={calendarId} hidden={!isCalendarOpen} className="menu__panel">
                    {isCalendarOpen ? <CalendarFeedSection /> : null}
                  </div>
                </li>
                <li>
                  <button
                    type="button"
                    className="menu__item"
                    aria-expanded={isBillingOpen}
                    aria-controls={billingId}
                    onClick={() => setIsBillingOpen((open) => !open)}
                  >
                    <Icon name="tag" />
                    <span className="menu__label">{t('payments.menu.billing')}</span>
                    <Icon name="chevronDown" className={isBillingOpen ? 'menu__chevron menu__chevron--open' : 'menu__chevron'} />
                  </button>
                  <ul id={billingId} hidden={!isBillingOpen} className="menu__list menu__list--nested">
                    <MenuLink to="/purchase-history" icon="tag" label={t('payments.menu.purchaseHistory')} />
                    <MenuLink to="/payments-received" icon="document" label={t('payments.menu.paymentsReceived')} />
                    <MenuLink to="/stripe-settings" icon="lock" label={t('payments.menu.stripe')} />
                    <MenuLink to="/payment-settings" icon="settings" label={t('payments.menu.paymentSettings')} />
                  </ul>
                </li>
              </ul>
            </nav>
          </>
        )}
      </SignedInContent>
    </div>
  );
}
