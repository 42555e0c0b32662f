import type { z } from 'zod';
import { USER_SEARCH_MIN_LENGTH } from '@planns/shared/events/events.rules';
import { apiRequest, isApiError } from './api-client.ts';

/** A search by name runs only past two characters (accounts §6, events §5). */
export function canSearchByName(name: string): boolean {
  return name.trim().length >= USER_SEARCH_MIN_LENGTH;
}

/**
 * GET `path`?name=: the people a search by name finds, read with the endpoint's reply schema. A
 * 401 is only logged as unauthorized (accounts §8, events §8) and finds no one, so the screen or
 * picker shows no results.
 */
export async function searchByName<T>(path: string, schema: z.ZodType<{ data: { data: T[] } }>, name: string, signal?: AbortSignal): Promise<T[]> {
  try {
    const reply = await apiRequest(`${path}?name=${encodeURIComponent(name.trim())}`, { schema, signal });
    return reply.data.data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      console.error('unauthorized');
      return [];
    }
    throw error;
  }
}
