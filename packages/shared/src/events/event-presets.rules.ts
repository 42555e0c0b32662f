/** The home page's shortcut tiles, each opening /events?preset=<value> (events §1, §2). */
export const EVENT_PRESETS = ['all', 'trending', 'close', 'friends', 'weekend'] as const;
export type EventPreset = (typeof EVENT_PRESETS)[number];

/** "Close to you" means less than this many kilometres away. */
export const CLOSE_TO_YOU_KM = 5;

export function parseEventPreset(value: string | null | undefined): EventPreset | null {
  return (EVENT_PRESETS as readonly string[]).includes(value ?? '') ? (value as EventPreset) : null;
}
