/** PostgreSQL's error codes (SQLSTATE) the server acts on, by name. */
export const PG_ERROR = {
  /** A reference to a row that is not there (a row deleted meanwhile). */
  foreignKeyViolation: '23503',
  /** A deadlock PostgreSQL broke by ending one of the transactions. */
  deadlock: '40P01',
} as const;

/** The SQLSTATE of an error from the driver, if it has one. */
export const pgErrorCode = (err: unknown): string | undefined => (err as { code?: string } | null)?.code;
