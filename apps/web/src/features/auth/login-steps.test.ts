import { describe, expect, it } from 'vitest';
import { previousStep, reloadsAfterLogin, stepAfterAuth } from './login-steps.ts';

describe('stepAfterAuth', () => {
  it('finishes when name and avatar exist', () => {
    expect(stepAfterAuth({ name: 'Ada Lovelace', avatar: '/media/avatars/1.png' })).toBe('finish');
  });
  it('asks for the name first', () => {
    expect(stepAfterAuth({ name: null, avatar: '/media/avatars/1.png' })).toBe(3);
    expect(stepAfterAuth({ name: 'A', avatar: null })).toBe(3);
  });
  it('asks for the picture when only that is missing', () => {
    expect(stepAfterAuth({ name: 'Ada', avatar: null })).toBe(4);
  });
});

describe('previousStep', () => {
  it('closes at step 1 and goes one step down otherwise', () => {
    expect(previousStep(1)).toBe('close');
    expect(previousStep(2)).toBe(1);
    expect(previousStep(5)).toBe(4);
    expect(previousStep(4)).toBe(3);
  });
  it('does not go back into the code steps once signed in', () => {
    expect(previousStep(3)).toBeNull();
  });
});

describe('reloadsAfterLogin', () => {
  it('matches the account and profile pages', () => {
    expect(reloadsAfterLogin('/my-user')).toBe(true);
    expect(reloadsAfterLogin('/profile/12')).toBe(true);
    expect(reloadsAfterLogin('/events')).toBe(false);
  });
});
