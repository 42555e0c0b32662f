import type { Companion } from '@planns/shared/companions/companions.schemas';

export function presentCompanion(row: { id: number; first_name: string; last_name: string; type: string }): Companion {
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, type: row.type as Companion['type'] };
}
