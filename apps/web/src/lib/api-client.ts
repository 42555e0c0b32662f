import type { ErrorCode } from '@planns/shared/errors/error-codes';
import type { z } from 'zod';

/** Codes the client adds for failures that carry no server error body. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/** A failed API call: the server's error body, or a client-side failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds to wait before retrying (429 too_many_requests). */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    code: ErrorCode | ClientErrorCode,
    message: string,
    fields: Record<string, string> = {},
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type RequestOptions<S extends z.ZodType> = {
  method?: Method;
  body?: unknown;
  /**
   * The shared zod schema the reply must match, or a loader for it: the calls the first page
   * makes load zod in parallel with the request instead of in the first bundle.
   */
  schema: S | (() => Promise<S>);
  signal?: AbortSignal;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/**
 * Reads the server's error body ({ error: { code, message, fields, retry_after }, additional }).
 * Checked by hand rather than with errorBodySchema, so that a signed-out page's first 401 does not
 * load zod (docs/decisions/0014-first-load-without-zod.md); api-client.test.ts holds the two to
 * the same verdicts.
 */
export function readErrorBody(body: unknown): { code: ErrorCode; message: string; fields: Record<string, string>; retryAfter: number | null } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, additional } = body as { error?: unknown; additional?: unknown };
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields, retry_after } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields !== undefined && !isStringRecord(fields)) return null;
  if (additional !== undefined && !isStringRecord(additional)) return null;
  if (retry_after !== undefined && !Number.isInteger(retry_after)) return null;
  // The legacy `additional` object carries the same field details; `fields` wins.
  return { code: code as ErrorCode, message, fields: { ...additional, ...fields }, retryAfter: typeof retry_after === 'number' ? retry_after : null };
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  if (!parsed) return new ApiError(status, status >= 500 ? 'internal_error' : 'bad_request', `Request failed with status ${status}`);
  return new ApiError(status, parsed.code, parsed.message, parsed.fields, parsed.retryAfter);
}

async function send(path: string, method: Method, body: unknown, signal: AbortSignal | undefined): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached');
  }
  const json = await readJson(response);
  if (!response.ok) throw toApiError(response.status, json);
  return { status: response.status, json };
}

/**
 * Calls the planns API with the session cookie (never a token from storage), sends and reads
 * JSON, and parses the reply with the shared schema. Non-2xx replies throw an ApiError.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, signal } = options;
  const { status, json } = await send(path, method, body, signal);
  // A loader runs once the reply is in: a refused call (the signed-out first page's 401) never
  // loads zod (decision 0014). A caller that will surely need it starts it earlier (list-events.ts).
  const replySchema = typeof schema === 'function' ? await schema() : schema;
  const parsed = replySchema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(status, 'invalid_response', 'The server sent an unexpected reply');
  }
  return parsed.data;
}

/**
 * The same call for the few replies of the first page that are checked by a small hand-written
 * guard instead of zod (decision 0014); each guard is tested against its shared schema.
 */
export async function apiRequestChecked<T>(path: string, options: { check: (json: unknown) => T | null; signal?: AbortSignal }): Promise<T> {
  const { status, json } = await send(path, 'GET', undefined, options.signal);
  const checked = options.check(json);
  if (checked === null) {
    console.error(`Unexpected reply from GET ${path}`);
    throw new ApiError(status, 'invalid_response', 'The server sent an unexpected reply');
  }
  return checked;
}
