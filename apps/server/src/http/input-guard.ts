import type { FastifyInstance } from 'fastify';
import { findTextProblems } from '@planns/shared/input/text.rules';
import { AppError } from './app-error.ts';

/**
 * The text rule of the shared contract (input/text.rules.ts, decision 0017), applied in one place
 * to every route, present and future: path parameters, the query string and a parsed JSON body
 * are walked before the route's own schema runs. A refusal is the usual 422 with a message per
 * field, so no text that PostgreSQL cannot store (U+0000) or that no person types reaches a
 * service. Raw bodies (uploads) are streams and are not walked.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problems = {
      ...findTextProblems(request.params),
      ...findTextProblems(request.query),
      ...findTextProblems(request.body),
    };
    if (Object.keys(problems).length > 0) throw new AppError('validation_failed', 'Some fields are not valid', problems);
  });
}
