import { describe, expect, it } from 'vitest';
import { parseEventPreset } from './event-presets.rules.ts';

describe('parseEventPreset', () => {
  it('accepts the five presets', () => {
    expect(parseEventPreset('weekend')).toBe('weekend');
    expect(parseEventPreset('close')).toBe('close');
  });
  it('rejects anything else', () => {
    expect(parseEventPreset('WEEKEND')).toBeNull();
    expect(parseEventPreset(null)).toBeNull();
    expect(parseEventPreset('')).toBeNull();
  });
});
