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

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  otp_codes: OtpCodesTable;
  sessions: SessionsTable;
  companions: CompanionsTable;
}
