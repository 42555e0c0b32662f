import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PHONE_TAKEN_MESSAGE } from '@planns/shared/users/users.rules';
import { ApiError } from './api-client.ts';
import { translatedMessage } from './error-messages.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('translatedMessage', () => {
  it('translates a confirmed number that another account holds (decision 0018)', () => {
    const error = new ApiError(409, 'conflict', PHONE_TAKEN_MESSAGE, { phone: PHONE_TAKEN_MESSAGE });
    expect(translatedMessage(error, t)).toBe('t:errors.phoneTaken');
  });

  it("leaves other conflicts to the server's message", () => {
    const error = new ApiError(409, 'conflict', 'This event was deleted by a moderator');
    expect(translatedMessage(error, t)).toBeNull();
  });
});
