import type { Guest } from '@planns/shared/guests/guests.schemas';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { forbidden } from '../../http/app-error.ts';
import { canManageEvent } from '../events/events.policy.ts';
import * as events from '../events/events.service.ts';
import { listAnswers } from '../rsvp/rsvp.service.ts';
import * as tickets from '../tickets/tickets.service.ts';
import { presentPublicUser } from '../users/users.presenter.ts';

type Counts = { going: number; maybe: number; rejected: number };

/** The guest list, for the owner and moderators (events §6: the report panel is theirs). */
export async function listGuests(
  deps: AppDeps,
  actor: Actor,
  eventId: number,
): Promise<{ guests: Guest[]; counts: Counts; tickets: { sold: number; used: number }; event: { name: string; start_date: Date } }> {
  const event = await events.loadVisible(deps, actor, eventId);
  if (!canManageEvent(actor, event)) throw forbidden('Only the owner or a moderator can see the guest list');
  const [{ answers: rows, companions }, ticketCounts] = await Promise.all([listAnswers(deps.db, eventId), tickets.ticketCounts(deps.db, eventId)]);
  const counts: Counts = { going: 0, maybe: 0, rejected: 0 };
  const guests = rows.map((row) => {
    counts[row.status] += 1 + row.companions_amount;
    return {
      user: presentPublicUser(row),
      status: row.status,
      companions_amount: row.companions_amount,
      companions: companions
        .filter((c) => c.user_id === row.id)
        .map((c) => ({ id: c.id, first_name: c.first_name, last_name: c.last_name, type: c.type as Guest['companions'][number]['type'] })),
      note: row.note,
      updated_at: row.updated_at.toISOString(),
      tickets: ticketCounts.byUser.get(row.id) ?? { sold: 0, used: 0 },
    };
  });
  return { guests, counts, tickets: { sold: ticketCounts.sold, used: ticketCounts.used }, event: { name: event.name, start_date: event.start_date } };
}

/** GET events/{id}/export: the same list as text, one line per person, by status. */
export async function exportGuests(deps: AppDeps, actor: Actor, eventId: number): Promise<string> {
  const { guests, counts, event } = await listGuests(deps, actor, eventId);
  const section = (status: Guest['status'], title: string) => {
    const lines = guests
      .filter((g) => g.status === status)
      .map((g) => {
        const names = g.companions.map((c) => [c.first_name, c.last_name].filter(Boolean).join(' ')).join(', ');
        return `- ${g.user.name ?? '?'}${g.companions_amount ? ` +${g.companions_amount}${names ? ` (${names})` : ''}` : ''}${g.note ? ` — ${g.note}` : ''}`;
      });
    return [`${title} (${counts[status]}):`, ...(lines.length ? lines : ['-'])].join('\n');
  };
  return [`${event.name} — ${event.start_date.toISOString().slice(0, 16).replace('T', ' ')} UTC`, section('going', 'Going'), section('maybe', 'Interested'), section('rejected', 'Not going')].join('\n\n');
}
