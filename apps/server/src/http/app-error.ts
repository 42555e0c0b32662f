import { ERROR_STATUS, type ErrorCode } from '@planns/shared/errors/error-codes';

/** The one error type services throw (CONVENTIONS §5). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, retryAfter?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const forbidden = (message = 'You may not do this') => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', 'Please sign in');
