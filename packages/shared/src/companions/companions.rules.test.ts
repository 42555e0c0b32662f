import { describe, expect, it } from 'vitest';
import { COMPANION_TYPES, COMPANIONS_MAX, isCompanionDraftValid } from './companions.rules.ts';

describe('COMPANION_TYPES', () => {
  it('are the five types of the spec', () => {
    expect(COMPANION_TYPES).toEqual(['son_or_daughter', 'spouse', 'friend', 'other_family_member', 'other']);
    expect(COMPANIONS_MAX).toBeGreaterThan(0);
  });
});

describe('isCompanionDraftValid', () => {
  it('needs a first or last name and a type', () => {
    expect(isCompanionDraftValid({ first_name: 'Lucy', type: 'son_or_daughter' })).toBe(true);
    expect(isCompanionDraftValid({ last_name: 'Smith', type: 'spouse' })).toBe(true);
    expect(isCompanionDraftValid({ first_name: 'Lucy', last_name: 'Smith', type: 'other' })).toBe(true);
  });

  it('is false without any name', () => {
    expect(isCompanionDraftValid({ type: 'friend' })).toBe(false);
    expect(isCompanionDraftValid({ first_name: '', last_name: '', type: 'friend' })).toBe(false);
    expect(isCompanionDraftValid({ first_name: '   ', last_name: null, type: 'friend' })).toBe(false);
  });

  it('is false without a known type', () => {
    expect(isCompanionDraftValid({ first_name: 'Lucy' })).toBe(false);
    expect(isCompanionDraftValid({ first_name: 'Lucy', type: null })).toBe(false);
    expect(isCompanionDraftValid({ first_name: 'Lucy', type: '' })).toBe(false);
    expect(isCompanionDraftValid({ first_name: 'Lucy', type: 'cousin' })).toBe(false);
    expect(isCompanionDraftValid({ first_name: 'Lucy', type: 'Friend' })).toBe(false);
  });
});
