import { describe, expect, it } from 'vitest';
import type { Ticket, TicketCheck } from '@planns/shared/tickets/tickets.schemas';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundCheck } from './get-ticket-check.ts';
import { alreadyUsedConflict, checkAfterMark, isRefundedConflict } from './validate-ticket.ts';

const ticket: Ticket = {
  id: 3,
  code: '7K3MQ9TR0ABCDEFG',
  event_id: 10,
  user_id: 7,
  user: { id: 7, name: 'Ana' },
  type_name: 'VIP',
  price: 4000,
  currency: 'ILS',
  kind: 'purchase',
  status: 'valid',
  is_used: false,
  used_at: null,
  created_at: '2026-06-01T10:00:00.000Z',
  order_id: 1,
  event: { id: 10, hash: 'abc', name: 'Gig', ticket_name: null, start_date: '2026-06-20T18:00:00.000Z', end_date: null, user_id: 1, image: null },
  seat: null,
};
const check: TicketCheck = { code: ticket.code, state: 'valid', can_validate: true, ticket, used_by: null };
const maya = { id: 1, name: 'Maya' };

describe('checkAfterMark', () => {
  it('turns a valid check into used by the person who marked it, and back', () => {
    const used = checkAfterMark(check, { ...ticket, is_used: true, used_at: '2026-06-20T18:05:00.000Z' }, maya);
    expect(used).toMatchObject({ state: 'used', can_validate: true, used_by: maya });
    expect(used.ticket?.used_at).toBe('2026-06-20T18:05:00.000Z');
    expect(checkAfterMark(used, ticket, maya)).toMatchObject({ state: 'valid', used_by: null });
  });

  it('says refunded for a refunded ticket', () => {
    expect(checkAfterMark(check, { ...ticket, status: 'refunded' }, maya).state).toBe('refunded');
  });
});

describe('alreadyUsedConflict', () => {
  it('reads when and by whom from a 409’s fields', () => {
    const error = new ApiError(409, 'conflict', 'Already used', { used_at: '2026-06-20T18:05:00.000Z', used_by: 'Leo' });
    expect(alreadyUsedConflict(error)).toEqual({ usedAt: '2026-06-20T18:05:00.000Z', usedBy: 'Leo' });
    expect(alreadyUsedConflict(new ApiError(409, 'conflict', 'Already used', { used_at: '2026-06-20T18:05:00.000Z' }))).toEqual({
      usedAt: '2026-06-20T18:05:00.000Z',
      usedBy: '',
    });
  });

  it('is null for a refunded ticket’s 409 and for other failures', () => {
    const refunded = new ApiError(409, 'conflict', 'Refunded', { ticket: 'refunded' });
    expect(alreadyUsedConflict(refunded)).toBeNull();
    expect(isRefundedConflict(refunded)).toBe(true);
    expect(alreadyUsedConflict(new ApiError(403, 'forbidden', 'No'))).toBeNull();
    expect(isRefundedConflict(new Error('x'))).toBe(false);
  });
});

describe('notFoundCheck', () => {
  it('has the shape the server answers for an unknown code', () => {
    expect(notFoundCheck('nope')).toEqual({ code: 'nope', state: 'not_found', can_validate: false, ticket: null, used_by: null });
  });
});
