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

async function toApiError(status: number, body: unknown): Promise<ApiError> {
  const { errorBodySchema } = await import('@planns/shared/errors/error-codes');
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return new ApiError(status, status >= 500 ? 'internal_error' : 'bad_request', `Request failed with status ${status}`);
  }
  const { code, message, fields, retry_after } = parsed.data.error;
  // The legacy `additional` object carries the same field details; `fields` wins.
  return new ApiError(status, code, message, { ...parsed.data.additional, ...fields }, retry_after ?? null);
}

/**
 * Calls the planns API with the session cookie (never a token from storage), sends and reads
 * JSON, and parses the reply with the shared schema. Non-2xx replies throw an ApiError.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, signal } = options;
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
  if (!response.ok) throw await toApiError(response.status, json);

  const replySchema = typeof schema === 'function' ? await schema() : schema;
  const parsed = replySchema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, 'invalid_response', 'The server sent an unexpected reply');
  }
  return parsed.data;
}
