import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables in migrations/. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<number, never, never>;

export interface UsersTable {
  id: Generated<number> & Id;
  phone: string | null;
  name: string | null;
  email: string | null;
  avatar: string | null;
  avatar_m: string | null;
  avatar_s: string | null;
  is_moderator: Generated<boolean>;
  current_group_id: number | null;
  terms_accepted_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface GroupsTable {
  id: Generated<number> & Id;
  name: string;
  created_at: Generated<Date>;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

export interface OtpCodesTable {
  id: Generated<number> & Id;
  phone: string;
  code_hash: string | null;
  sent_ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  approved_at: Date | null;
  approval_token_hash: string | null;
  used_at: Date | null;
}

export interface SessionsTable {
  id: Generated<number> & Id;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface GoogleIdentitiesTable {
  sub: string;
  user_id: number;
  email: string | null;
  email_verified: Generated<boolean>;
  created_at: Timestamp;
  last_login_at: Timestamp;
}

export interface GoogleLoginSessionsTable {
  id: Generated<number> & Id;
  session_id_hash: string;
  browser_hash: string;
  state_hash: string;
  origin: string;
  nonce: string;
  code_verifier: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  callback_at: Date | null;
  user_id: number | null;
  error: 'failed' | 'expired' | 'link_required' | null;
  consumed_at: Date | null;
}

export interface GooglePendingLinksTable {
  id: Generated<number> & Id;
  token_hash: string;
  sub: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface CompanionsTable {
  id: Generated<number> & Id;
  user_id: number;
  first_name: string;
  last_name: string;
  type: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CategoriesTable {
  id: Generated<number> & Id;
  slug: string;
  name: string;
  position: Generated<number>;
}

export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  created_at: Generated<Date>;
}

export interface EventsTable {
  id: Generated<number> & Id;
  hash: string;
  user_id: number;
  name: string;
  description: Generated<string>;
  image: string | null;
  m_image: string | null;
  start_date: Timestamp;
  end_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  location_type: Generated<'in_person' | 'virtual'>;
  address: Generated<string>;
  venue: Generated<string>;
  url: Generated<string>;
  lat: number | null;
  lng: number | null;
  min: number | null;
  max: number | null;
  max_companions: number | null;
  /** Set exactly when the event is paid (one of the 15 currencies); its ticket types use it. */
  currency: string | null;
  pricing_mode: Generated<'single' | 'multiple'>;
  /** Whose account sells the tickets; NULL exactly when the event is free (decision 0028). */
  payment_mode: 'own' | 'planns' | null;
  stripe_product_id: string | null;
  visibility: Generated<'public' | 'private' | 'friends'>;
  group_id: number | null;
  allow_whatsapp: Generated<boolean>;
  visits: Generated<number>;
  likes_count: Generated<number>;
  clone_id: number | null;
  deleted_by_moderator_at: Date | null;
  deleted_by_moderator_id: number | null;
  gallery_requires_approval: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  ends_at: ColumnType<Date, never, never>;
  search_text: ColumnType<string, never, never>;
  search_words: ColumnType<string[], never, never>;
  /** search_words when they fit in events_start_idx's entry (2,000 bytes), else null (migration 0025). */
  list_words: ColumnType<string[] | null, never, never>;
  /** The quarter-degree grid cell of lat/lng (migration 0017; geo-cells.ts). */
  geo_cell: ColumnType<number | null, never, never>;
  /** People pick seats (migration 0019): on seat_template_id's scheme, or the default join map. */
  seated: Generated<boolean>;
  seat_template_id: number | null;
  /** RFC 5545 SEQUENCE of its calendar entries (migration 0021): raised by a trigger when the time, place, name or status changes. */
  calendar_sequence: ColumnType<number, never, never>;
}

/** An organiser's seat scheme (migration 0019, decision 0036). */
export interface SeatTemplatesTable {
  id: Generated<number> & Id;
  user_id: number | null;
  name: string;
  data: ColumnType<unknown, string, string>;
  seat_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A seat of an event held by a pending order or sold (migration 0019). */
export interface EventSeatsTable {
  event_id: number;
  the_row: number;
  the_col: number;
  label: string;
  order_id: number | null;
  ticket_id: number | null;
  hold_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** The version of an event's seats (migration 0024, decision 0036): moved at the commit of every change GET seats/{eventId} reads. */
export interface EventSeatVersionsTable {
  event_id: number;
  /** bigint: read as text by the driver. */
  version: ColumnType<string, string | number, string | number>;
  /** Random, drawn anew with each version. */
  stamp: ColumnType<string, string | number, string | number>;
  bumped_by: string;
}

/** Every word an event's text ever held, once (migration 0015): what a searched word expands to. */
export interface EventSearchWordsTable {
  word: string;
}

/** An event's list card (migration 0016, decision 0034): made stale by triggers, filled by the events module. */
export interface EventCardsTable {
  event_id: number;
  version: Generated<number>;
  body: string | null;
  facts: unknown;
}

export interface EventTicketTypesTable {
  id: Generated<number> & Id;
  event_id: number;
  position: number;
  name: string;
  name_key: ColumnType<string, never, never>;
  /** Minor units of `currency` (decision 0027). */
  price: number;
  currency: string;
  description: string | null;
  quantity: number | null;
  stripe_price_id: string | null;
  stripe_price_amount: number | null;
  /** The seat type of the event's scheme this type sells (migration 0019); null when not seated. */
  seat_type: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentAccountsTable {
  id: Generated<number> & Id;
  user_id: number;
  provider: 'test' | 'stripe';
  account_id: string;
  email: string;
  country: string | null;
  default_currency: string | null;
  business_type: 'individual' | 'company' | 'non_profit' | 'government_entity' | null;
  first_name: string | null;
  last_name: string | null;
  tos_accepted_at: Date | null;
  details_submitted: Generated<boolean>;
  charges_enabled: Generated<boolean>;
  payouts_enabled: Generated<boolean>;
  synced_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  disconnected_at: Date | null;
}

export interface PaymentEventsTable {
  id: string;
  provider: 'test' | 'stripe';
  type: string;
  account_id: string | null;
  created_at: Timestamp;
  payload: ColumnType<unknown, string, string>;
  received_at: Timestamp;
  processed_at: Date | null;
}

export interface PaymentsTable {
  id: Generated<number> & Id;
  provider: 'test' | 'stripe';
  checkout_session_id: string;
  payment_intent_id: string | null;
  kind: 'test' | 'order';
  event_id: number | null;
  payer_id: number | null;
  payee_account_id: string | null;
  payee_user_id: number | null;
  amount: number;
  application_fee_amount: number;
  currency: string;
  status: 'succeeded' | 'refunded';
  receipt_url: string | null;
  created_at: Timestamp;
}

export interface TestProviderObjectsTable {
  id: string;
  object: string;
  account_id: string | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export interface TestProviderIdempotencyTable {
  key: string;
  object_id: string;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number> & Id;
  event_id: number | null;
  event_name: string;
  event_start: Timestamp;
  buyer_id: number | null;
  client_session: string | null;
  provider: 'test' | 'stripe';
  checkout_session_id: string | null;
  client_secret: string | null;
  status: ColumnType<'pending' | 'paid' | 'expired' | 'failed' | 'refunded', 'pending' | 'paid' | 'expired' | 'failed' | 'refunded' | undefined, 'pending' | 'paid' | 'expired' | 'failed' | 'refunded'>;
  payment_mode: 'own' | 'planns';
  payee_account_id: string | null;
  payee_user_id: number | null;
  currency: string;
  subtotal: number;
  fee: number;
  total: number;
  refunded_amount: Generated<number>;
  hold_expires_at: Timestamp;
  payment_intent_id: string | null;
  receipt_url: string | null;
  failure_reason: string | null;
  paid_at: Date | null;
  closed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A seated checkout's picks (migration 0019): row, col, label, ticket_type_id each. */
  seats: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface OrderItemsTable {
  order_id: number;
  position: number;
  ticket_type_id: number | null;
  type_name: string;
  unit_price: number;
  quantity: number;
}

export interface TicketsTable {
  id: Generated<number> & Id;
  code: string;
  event_id: number;
  order_id: number | null;
  order_position: number | null;
  ticket_type_id: number | null;
  type_name: string;
  price: Generated<number>;
  currency: string | null;
  user_id: number | null;
  issued_by: number | null;
  kind: 'purchase' | 'issued' | 'gift';
  status: Generated<'valid' | 'refunded'>;
  used_at: Date | null;
  used_by: number | null;
  refunded_at: Date | null;
  created_at: Timestamp;
  /** The seat it admits to (migration 0019), zero-based; all three or none. */
  seat_row: ColumnType<number | null, number | null | undefined, number | null>;
  seat_col: ColumnType<number | null, number | null | undefined, number | null>;
  seat_label: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RefundsTable {
  id: Generated<number> & Id;
  order_id: number;
  provider_refund_id: string;
  amount: number;
  reason: 'organiser' | 'no_capacity';
  ticket_ids: Generated<number[]>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface EventCategoriesTable {
  event_id: number;
  category_id: number;
}

export interface EventUsersTable {
  event_id: number;
  user_id: number;
  status: 'going' | 'maybe' | 'rejected';
  companions_amount: Generated<number>;
  note: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EventUserCompanionsTable {
  event_id: number;
  user_id: number;
  companion_id: number;
}

export interface EventLikesTable {
  event_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

export interface EventInvitesTable {
  event_id: number;
  user_id: number;
  invited_by: number | null;
  created_at: Generated<Date>;
}

export interface EventOrganizersTable {
  event_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

export interface CommentsTable {
  id: Generated<number> & Id;
  event_id: number;
  user_id: number;
  comment: string;
  created_at: Timestamp;
}

export interface FriendRequestsTable {
  id: Generated<number> & Id;
  user_id: number;
  friend_id: number;
  created_at: Timestamp;
}

export interface FollowsTable {
  follower_id: number;
  followed_id: number;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number> & Id;
  user_id: number;
  action: string;
  author_id: number | null;
  event_id: number | null;
  comment_id: number | null;
  note: string | null;
  created_at: Timestamp;
  viewed_at: Date | null;
}

export interface NotificationSettingsTable {
  user_id: number;
  settings: ColumnType<Record<string, boolean>, string, string>;
  updated_at: Timestamp;
}

export interface MediaUploadsTable {
  id: string;
  user_id: number;
  event_id: number;
  state: Generated<'incoming' | 'ready' | 'posted'>;
  resource_type: 'image' | 'video' | null;
  format: string | null;
  url: string | null;
  url_m: string | null;
  url_l: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  incoming_key: string | null;
  created_at: Timestamp;
}

export interface GalleryItemsTable {
  id: Generated<number> & Id;
  event_id: number;
  user_id: number;
  upload_id: string;
  type: 'image' | 'video';
  url: string;
  url_m: string;
  url_l: string;
  width: number | null;
  height: number | null;
  approved: boolean;
  hidden_at: Date | null;
  likes_count: Generated<number>;
  reports_count: Generated<number>;
  created_at: Timestamp;
}

export interface GalleryLikesTable {
  gallery_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface GalleryReportsTable {
  id: Generated<number> & Id;
  gallery_id: number;
  user_id: number;
  reason: 'inappropriate' | 'privacy' | 'other';
  description: string | null;
  created_at: Timestamp;
}

/** A moderator's SMS to an event's people (migration 0020). */
export interface SmsSendsTable {
  id: Generated<number> & Id;
  event_id: number | null;
  event_name: string;
  sender_id: number | null;
  recipient_type: 'all' | 'ticket_owners' | 'going' | 'going_doubt' | 'rejected' | 'number';
  message: string;
  recipients_count: number;
  created_at: Timestamp;
}

export interface SmsSendRecipientsTable {
  send_id: number;
  phone: string;
  user_id: number | null;
  attempts: Generated<number>;
  claimed_at: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  error: string | null;
}

/** A person's private calendar feed (migration 0021, decision 0039): only the token's SHA-256 is kept. */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  fetched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The google calendar provider (migration 0023, decision 0043): a connected account, tokens encrypted. */
export interface GoogleCalendarAccountsTable {
  user_id: number;
  email: string;
  refresh_token_enc: string;
  access_token_enc: string;
  access_expires_at: Timestamp;
  connected_at: Timestamp;
}

/** An authorization under way: the state's hash, its session's person, the PKCE verifier. */
export interface GoogleOauthStatesTable {
  state_hash: string;
  user_id: number;
  code_verifier: string;
  expires_at: Timestamp;
}

/** The Google event planns wrote for a person and an event (the spec's google_calendar_id). */
export interface GoogleCalendarEntriesTable {
  user_id: number;
  event_id: number;
  google_event_id: string;
  synced_sequence: number;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  otp_codes: OtpCodesTable;
  sessions: SessionsTable;
  google_identities: GoogleIdentitiesTable;
  google_login_sessions: GoogleLoginSessionsTable;
  google_pending_links: GooglePendingLinksTable;
  companions: CompanionsTable;
  categories: CategoriesTable;
  friendships: FriendshipsTable;
  events: EventsTable;
  event_search_words: EventSearchWordsTable;
  event_cards: EventCardsTable;
  event_ticket_types: EventTicketTypesTable;
  seat_templates: SeatTemplatesTable;
  event_seats: EventSeatsTable;
  event_seat_versions: EventSeatVersionsTable;
  payment_accounts: PaymentAccountsTable;
  payment_events: PaymentEventsTable;
  payments: PaymentsTable;
  test_provider_objects: TestProviderObjectsTable;
  test_provider_idempotency: TestProviderIdempotencyTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  tickets: TicketsTable;
  refunds: RefundsTable;
  event_categories: EventCategoriesTable;
  event_users: EventUsersTable;
  event_user_companions: EventUserCompanionsTable;
  event_likes: EventLikesTable;
  event_invites: EventInvitesTable;
  event_organizers: EventOrganizersTable;
  comments: CommentsTable;
  friend_requests: FriendRequestsTable;
  follows: FollowsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  media_uploads: MediaUploadsTable;
  gallery_items: GalleryItemsTable;
  gallery_likes: GalleryLikesTable;
  gallery_reports: GalleryReportsTable;
  sms_sends: SmsSendsTable;
  sms_send_recipients: SmsSendRecipientsTable;
  calendar_feeds: CalendarFeedsTable;
  google_calendar_accounts: GoogleCalendarAccountsTable;
  google_oauth_states: GoogleOauthStatesTable;
  google_calendar_entries: GoogleCalendarEntriesTable;
}
