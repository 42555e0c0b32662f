import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@planns/shared/errors/error-codes';
import { AppError } from './app-error.ts';

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.fields) {
    body.error.fields = err.fields;
    body.additional = err.fields;
  }
  if (err.retryAfter !== undefined) {
    body.error.retry_after = err.retryAfter;
    void reply.header('retry-after', String(err.retryAfter));
  }
  return reply.status(err.status).send(body);
}

function fieldsFromZod(issues: ReadonlyArray<{ instancePath: string; message?: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** pg-pool's error when no connection came free within connectionTimeoutMillis. */
function isPoolExhausted(error: Error): boolean {
  return error.message === 'timeout exceeded when trying to connect';
}

/**
 * Maps every error to `{ error: { code, message, fields } }`. Bad input is a 4xx with field
 * messages; a 5xx never carries internals to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromZod(error.validation);
      const where = error.validationContext ?? 'body';
      const message = where === 'body' ? 'Some fields are not valid' : `Invalid ${where}`;
      return sendError(reply, new AppError('validation_failed', message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, new AppError('internal_error', 'Something went wrong'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, new AppError('payload_too_large', 'The request is too large'));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, new AppError('unsupported_media_type', 'Send JSON (content-type: application/json)'));
    }
    if (status === 429) {
      const retry = Number(reply.getHeader('retry-after')) || 60;
      return sendError(reply, new AppError('too_many_requests', 'Too many requests. Please try again later', undefined, retry));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an empty body where one is required, and similar client mistakes.
      const message = error.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON' : error.message;
      return sendError(reply, new AppError(status === 404 ? 'not_found' : 'bad_request', message));
    }
    if (isPoolExhausted(error)) {
      // Every database connection stayed busy for the pool's wait (an overload, not a fault):
      // 503 with a short Retry-After, never a 500 (bench:events found it past its capacity).
      request.log.warn({ err: error }, 'no database connection in time');
      return sendError(reply, new AppError('service_unavailable', 'The server is busy. Please try again in a moment', undefined, 1));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(status === 503 ? 'service_unavailable' : 'internal_error', 'Something went wrong'));
  });

}
