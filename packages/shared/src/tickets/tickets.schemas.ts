import { z } from 'zod';
import { idSchema } from '../input/ids.schemas.ts';
import { CURRENCIES } from '../money/money.rules.ts';
import { SELECTION_MESSAGES, TICKETS_PER_ORDER_MAX } from './tickets.rules.ts';

/* ------------------------------------------------------------------ tickets (accounts §3 Ticket) */

export const ticketEventSchema = z
  .object({
    id: z.number().int(),
    hash: z.string(),
    name: z.string(),
    ticket_name: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    user_id: z.number().int(),
    image: z.string().nullable(),
  })
  .meta({ id: 'TicketEvent' });

export const ticketSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    event_id: z.number().int(),
    user_id: z.number().int().nullable(),
    user: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    /** The ticket type's name at the time it was issued. */
    type_name: z.string(),
    /** What was paid for it, in minor units (0 for issued and gifted tickets). */
    price: z.number().int(),
    currency: z.enum(CURRENCIES).nullable(),
    kind: z.enum(['purchase', 'issued', 'gift']),
    /** valid, or refunded (a refunded ticket no longer admits). */
    status: z.enum(['valid', 'refunded']),
    is_used: z.boolean(),
    used_at: z.string().nullable(),
    created_at: z.string(),
    order_id: z.number().int().nullable(),
    event: ticketEventSchema,
    /** The seat it admits to (a seated event; decision 0036): zero-based, shown plus one. */
    seat: z.object({ the_row: z.number().int(), the_col: z.number().int(), label: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketListReplySchema = z.object({ data: z.array(ticketSchema) });

/**
 * GET tickets/{code} (the /check-ticket page): whether the code admits, and the details for those
 * who may see them (the event's owner, moderators, people on its lists); others get the state only.
 */
export const ticketCheckSchema = z
  .object({
    code: z.string(),
    /** valid: admits; used: already scanned; refunded: no longer admits; not_found: no such ticket. */
    state: z.enum(['valid', 'used', 'refunded', 'not_found']),
    /** The owner or a moderator may mark it used or not used. */
    can_validate: z.boolean(),
    ticket: ticketSchema.nullable(),
    used_by: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'TicketCheck' });
export type TicketCheck = z.infer<typeof ticketCheckSchema>;
export const ticketCheckReplySchema = z.object({ data: ticketCheckSchema });
export const ticketCodeParamsSchema = z.object({ code: z.string().max(64) });
export const ticketReplySchema = z.object({ data: ticketSchema });

/** POST tickets {user_id, event_id, amount}: free tickets the organiser issues to a going or interested guest (events §7). */
export const issueTicketsBodySchema = z.object({
  user_id: idSchema,
  event_id: idSchema,
  amount: z.coerce
    .number()
    .int(SELECTION_MESSAGES.quantityMin)
    .min(1, SELECTION_MESSAGES.quantityMin)
    .max(TICKETS_PER_ORDER_MAX, SELECTION_MESSAGES.tooMany),
  /** The ticket type to issue (default: the event's first; any name for a free event). */
  ticket_type_id: idSchema.optional(),
  /** A seated event: the seats to give (their types decide the tickets'; decision 0036). */
  seats: z.array(z.object({ row: z.number().int().min(0).max(99), col: z.number().int().min(0).max(99), label: z.string().max(40).nullable().optional() })).min(1).max(TICKETS_PER_ORDER_MAX).optional(),
});

/** POST tickets/gift/{event_id} {user_id, tickets}: tickets (one per seat selection, or a number) given to another person. */
export const giftTicketsBodySchema = z.object({
  user_id: idSchema,
  tickets: z.union([
    z.array(z.object({ row: z.number().int().min(0).max(999), col: z.number().int().min(0).max(999), label: z.string().max(40).nullable().optional() })).min(1).max(TICKETS_PER_ORDER_MAX),
    z.number().int().min(1, SELECTION_MESSAGES.quantityMin).max(TICKETS_PER_ORDER_MAX, SELECTION_MESSAGES.tooMany),
  ]),
  event_id: idSchema.optional(),
  ticket_type_id: idSchema.optional(),
});
export const eventIdParamsSchema = z.object({ event_id: idSchema });

/** The guest list's ticket counts (events §2: tickets sold and used, organiser only). */
export const ticketCountsSchema = z.object({ sold: z.number().int(), used: z.number().int(), by_user: z.record(z.string(), z.object({ sold: z.number().int(), used: z.number().int() })) });

/* ------------------------------------------------------------------ purchases (accounts §3 Purchase, Received payment) */

export const orderLineSchema = z.object({ type_name: z.string(), unit_price: z.number().int(), quantity: z.number().int() });

export const purchaseSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'paid', 'expired', 'failed', 'refunded']),
    event: z.object({ id: z.number().int().nullable(), hash: z.string().nullable(), name: z.string(), start_date: z.string(), ticket_name: z.string().nullable() }),
    user: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    lines: z.array(orderLineSchema),
    tickets: z.array(z.object({ id: z.number().int(), code: z.string().nullable(), type_name: z.string(), status: z.enum(['valid', 'refunded']), is_used: z.boolean() })),
    currency: z.enum(CURRENCIES),
    subtotal: z.number().int(),
    fee: z.number().int(),
    total: z.number().int(),
    refunded_amount: z.number().int(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    receipt_url: z.string().nullable(),
    failure_reason: z.string().nullable(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListReplySchema = z.object({ data: z.array(purchaseSchema) });

/** POST orders/{id}/refund {ticket_ids?}: the whole order, or some of its tickets. */
export const refundBodySchema = z.object({ ticket_ids: z.array(idSchema).min(1).max(100).optional() });
export const refundReplySchema = z.object({ data: purchaseSchema });
export const orderIdParamsSchema = z.object({ id: idSchema });
