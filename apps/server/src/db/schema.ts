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
  price: number | null;
  currency: string | null;
  ticket_name: string | null;
  ticket_description: string | null;
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

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  otp_codes: OtpCodesTable;
  sessions: SessionsTable;
  companions: CompanionsTable;
  categories: CategoriesTable;
  friendships: FriendshipsTable;
  events: EventsTable;
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
}
