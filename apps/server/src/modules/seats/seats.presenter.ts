import type { SeatTemplate } from '@planns/shared/seats/seats.schemas';
import type { TemplateRow } from './seats.repo.ts';

export function presentTemplate(row: TemplateRow): SeatTemplate {
  return {
    id: row.id,
    name: row.name,
    data: row.data as SeatTemplate['data'],
    seat_count: row.seat_count,
    events_count: row.events_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
