/** Companion types (accounts §3, §9) with their stored value. */
export const COMPANION_TYPES = ['son_or_daughter', 'spouse', 'friend', 'other_family_member', 'other'] as const;
export type CompanionType = (typeof COMPANION_TYPES)[number];
export const COMPANION_NAME_MAX_LENGTH = 100;
export const COMPANION_LIST_HEIGHT = { small: 85, large: 300 } as const;

/** The save button shows only with a first or last name and a type (accounts §5). */
export function isCompanionDraftValid(draft: { first_name?: string | null; last_name?: string | null; type?: string | null }): boolean {
  const hasName = (draft.first_name ?? '').trim() !== '' || (draft.last_name ?? '').trim() !== '';
  return hasName && (COMPANION_TYPES as readonly string[]).includes(draft.type ?? '');
}
/** Companions one user can keep. */
export const COMPANIONS_MAX = 50;
