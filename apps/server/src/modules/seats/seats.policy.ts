import type { Actor } from '../../http/actor.ts';

/** Who may do what with a seat scheme (issue 17; decision 0036). */
type TemplateFacts = { user_id: number | null };

/** A scheme is its maker's: only they list, change, delete or attach it. */
export function ownsTemplate(actor: Actor | null, template: TemplateFacts): boolean {
  return actor !== null && template.user_id !== null && actor.userId === template.user_id;
}

/** Its maker reads it; so does anyone who may see an event using it (the seat chart), and moderators. */
export function canReadTemplate(actor: Actor | null, template: TemplateFacts, usedByVisibleEvent: boolean): boolean {
  return ownsTemplate(actor, template) || usedByVisibleEvent || (actor?.isModerator ?? false);
}
