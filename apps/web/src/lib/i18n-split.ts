/**
 * The locale files are split in two at build time (vite.config.ts): the core texts ship with the
 * first load; the texts of these namespaces arrive with the first lazy screen (lib/i18n.ts
 * loadScreenTexts). This keeps the home page's first load within its budget (npm run bench:bundle).
 */
export const LAZY_NAMESPACES: readonly string[] = [
  // the login modal and the account screen
  'login', 'phone', 'cropper', 'avatar', 'profile', 'companions', 'account', 'legal',
  // the event screens
  'eventsList', 'filters', 'dateFields', 'categories', 'eventPage', 'eventMenu', 'eventForm',
  'notFound', 'comments', 'rsvp', 'guests', 'gallery',
  // ticket types on the event page, the payment setup panel after saving a paid event
  'tickets', 'paymentSetup', 'checkout',
  // the bell's panel, /notifications and /notification_settings
  'notifications',
  // /friends, /user-search and /profile/{id}
  'friends', 'userSearch', 'profilePage',
  // /my-events and the event page's share panel
  'myEvents', 'share',
  // the event page's calendar block and the account screen's calendar feed
  'calendar',
  // /stripe-settings, /stripe_registered, /payment-settings, /payments-received and the account menu's Billing
  'payments',
  // /purchase-history and the orders of /payments-received
  'purchases',
  // /tickets (My tickets) and /check-ticket/{code}
  'myTickets', 'checkTicket',
  // the test payment provider's hosted pages (/test-provider/...)
  'testProvider',
  // /sms-sender and the event menu's Send SMS (moderators)
  'smsSender',
];

/** Keys inside lazy namespaces that the shell (in the first load) shows at once. */
export const EAGER_KEYS: readonly string[] = [
  'filters.open', 'filters.active', 'eventsList.search',
  // the header's bell (signed in)
  'notifications.title', 'notifications.bellUnread',
];

type Tree = { [key: string]: unknown };

function getPath(tree: Tree, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined), tree);
}

function setPath(tree: Tree, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = tree;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Tree;
  node[keys[keys.length - 1]!] = value;
}

/** The part of one language's texts for the first load ('core') or for the screens ('lazy'). */
export function splitTranslation(all: Tree, part: 'core' | 'lazy'): Tree {
  const out: Tree = {};
  for (const [namespace, value] of Object.entries(all)) {
    const isLazy = LAZY_NAMESPACES.includes(namespace);
    if ((part === 'lazy') === isLazy) out[namespace] = value;
  }
  if (part === 'core') {
    for (const key of EAGER_KEYS) {
      const value = getPath(all, key);
      if (value !== undefined) setPath(out, key, value);
    }
  }
  return out;
}
