import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { loadScreenTexts } from '../lib/i18n.ts';
import { preloadableLazy } from '../lib/preloadable-lazy.ts';

/** A screen in its own chunk (React.lazy wants a default export; the route files use named ones). */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  // The screen's texts (lib/i18n-split.ts) arrive with its code, so it never shows raw keys.
  return preloadableLazy(() => Promise.all([load(), loadScreenTexts()]).then(([module]) => module[name]));
}

const EventsRoute = lazyScreen(() => import('./routes/events-route.tsx'), 'EventsRoute');
const EventRoute = lazyScreen(() => import('./routes/event/event-route.tsx'), 'EventRoute');
const NewEventRoute = lazyScreen(() => import('./routes/event-form/event-form-route.tsx'), 'NewEventRoute');
const EditEventRoute = lazyScreen(() => import('./routes/event-form/event-form-route.tsx'), 'EditEventRoute');
const EditEventQueryRoute = lazyScreen(() => import('./routes/event-form/event-form-route.tsx'), 'EditEventQueryRoute');
const MyUserRoute = lazyScreen(() => import('./routes/my-user/my-user-route.tsx'), 'MyUserRoute');
const MyEventsRoute = lazyScreen(() => import('./routes/my-events/my-events-route.tsx'), 'MyEventsRoute');
const NotificationsRoute = lazyScreen(() => import('./routes/notifications-route.tsx'), 'NotificationsRoute');
const NotificationSettingsRoute = lazyScreen(() => import('./routes/notification-settings-route.tsx'), 'NotificationSettingsRoute');
const FriendsRoute = lazyScreen(() => import('./routes/friends-route.tsx'), 'FriendsRoute');
const UserSearchRoute = lazyScreen(() => import('./routes/user-search-route.tsx'), 'UserSearchRoute');
const ProfileRoute = lazyScreen(() => import('./routes/profile/profile-route.tsx'), 'ProfileRoute');
const TermsRoute = lazyScreen(() => import('./routes/legal/terms-route.tsx'), 'TermsRoute');
const PrivacyPolicyRoute = lazyScreen(() => import('./routes/legal/privacy-policy-route.tsx'), 'PrivacyPolicyRoute');
const CookiesPolicyRoute = lazyScreen(() => import('./routes/legal/cookies-policy-route.tsx'), 'CookiesPolicyRoute');
const StripeSettingsRoute = lazyScreen(() => import('./routes/payments/stripe-settings-route.tsx'), 'StripeSettingsRoute');
const StripeRegisteredRoute = lazyScreen(() => import('./routes/payments/stripe-registered-route.tsx'), 'StripeRegisteredRoute');
const PaymentSettingsRoute = lazyScreen(() => import('./routes/payments/payment-settings-route.tsx'), 'PaymentSettingsRoute');
const PaymentsReceivedRoute = lazyScreen(() => import('./routes/payments/payments-received-route.tsx'), 'PaymentsReceivedRoute');
const PurchaseHistoryRoute = lazyScreen(() => import('./routes/payments/purchase-history-route.tsx'), 'PurchaseHistoryRoute');
const MyTicketsRoute = lazyScreen(() => import('./routes/tickets/my-tickets-route.tsx'), 'MyTicketsRoute');
const CheckTicketRoute = lazyScreen(() => import('./routes/tickets/check-ticket-route.tsx'), 'CheckTicketRoute');
const TestProviderOnboardingRoute = lazyScreen(() => import('./routes/test-provider/onboarding-route.tsx'), 'OnboardingRoute');
const TestProviderDashboardRoute = lazyScreen(() => import('./routes/test-provider/dashboard-route.tsx'), 'DashboardRoute');
const TestProviderCheckoutRoute = lazyScreen(() => import('./routes/test-provider/checkout-route.tsx'), 'CheckoutRoute');
const TestProviderReceiptRoute = lazyScreen(() => import('./routes/test-provider/receipt-route.tsx'), 'ReceiptRoute');
const SmsSenderRoute = lazyScreen(() => import('./routes/sms-sender/sms-sender-route.tsx'), 'SmsSenderRoute');
const NotFoundRoute = lazyScreen(() => import('./routes/not-found/not-found-route.tsx'), 'NotFoundRoute');

/**
 * The screens the server renders (decision 0035), loaded before the browser hydrates them. Their
 * paths are the routes' below.
 */
const SERVER_RENDERED_SCREENS = [
  { path: '/events', screen: EventsRoute },
  { path: '/events/:ref', screen: EventRoute },
] as const;

/** Loads the code and texts of the server-rendered screen at `pathname`; false when the path is not one. */
export async function preloadServerRenderedScreen(pathname: string): Promise<boolean> {
  const found = SERVER_RENDERED_SCREENS.find(({ path }) => matchPath(path, pathname));
  if (!found) return false;
  await found.screen.preload();
  return true;
}

/**
 * Every screen but home, each in its own chunk. This table is itself loaded lazily (router.tsx), so
 * the home page's first load carries none of the screens' chunk lists.
 */
export function ScreenRoutes() {
  return (
    <Routes>
      <Route path="events" element={<EventsRoute />} />
      <Route path="events/:ref" element={<EventRoute />} />
      <Route path="new-event" element={<NewEventRoute />} />
      <Route path="edit/:id" element={<EditEventRoute />} />
      <Route path="edit-event" element={<EditEventQueryRoute />} />
      <Route path="my-user" element={<MyUserRoute />} />
      <Route path="my-events" element={<MyEventsRoute />} />
      <Route path="notifications" element={<NotificationsRoute />} />
      <Route path="notification_settings" element={<NotificationSettingsRoute />} />
      <Route path="friends" element={<FriendsRoute />} />
      <Route path="user-search" element={<UserSearchRoute />} />
      <Route path="profile/:id" element={<ProfileRoute />} />
      <Route path="terms" element={<TermsRoute />} />
      <Route path="privacy-policy" element={<PrivacyPolicyRoute />} />
      <Route path="cookies-policy" element={<CookiesPolicyRoute />} />
      <Route path="stripe-settings" element={<StripeSettingsRoute />} />
      <Route path="stripe_registered" element={<StripeRegisteredRoute />} />
      <Route path="payment-settings" element={<PaymentSettingsRoute />} />
      <Route path="payments-received" element={<PaymentsReceivedRoute />} />
      <Route path="purchase-history" element={<PurchaseHistoryRoute />} />
      <Route path="tickets" element={<MyTicketsRoute />} />
      <Route path="check-ticket/:code" element={<CheckTicketRoute />} />
      <Route path="sms-sender" element={<SmsSenderRoute />} />
      <Route path="test-provider/onboarding/:linkId" element={<TestProviderOnboardingRoute />} />
      <Route path="test-provider/dashboard/:linkId" element={<TestProviderDashboardRoute />} />
      <Route path="test-provider/checkout/:sessionId" element={<TestProviderCheckoutRoute />} />
      <Route path="test-provider/receipts/:paymentIntentId" element={<TestProviderReceiptRoute />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
