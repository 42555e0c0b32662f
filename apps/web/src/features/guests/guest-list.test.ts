import { describe, expect, it } from 'vitest';
import { guestSchema, type Guest } from '@planns/shared/guests/guests.schemas';
import { companionNames, companionsBadge, GUEST_TOGGLES, guestsWithStatus, isGuestToggle } from './guest-list.ts';

/** A guest as the server presents it (parsed with the shared schema, so it cannot drift). */
function guest(id: number, status: Guest['status'], companions: { first_name: string; last_name: string }[] = [], amount = companions.length): Guest {
  return guestSchema.parse({
    user: { id, name: `Person ${id}`, avatar: null, avatar_m: null, avatar_s: null },
    status,
    companions_amount: amount,
    companions: companions.map((c, i) => ({ id: id * 10 + i, type: 'friend', ...c })),
    note: '',
    updated_at: '2026-05-01T10:00:00.000Z',
    tickets: { sold: 0, used: 0 },
  });
}

describe('the toggles', () => {
  it('are Going, Interested and Rejected, in that order', () => {
    expect(GUEST_TOGGLES).toEqual(['going', 'maybe', 'rejected']);
  });

  it('accept only those three values (a cleared toggle group answers "")', () => {
    expect(isGuestToggle('maybe')).toBe(true);
    expect(isGuestToggle('')).toBe(false);
    expect(isGuestToggle('interested')).toBe(false);
  });
});

describe('guestsWithStatus', () => {
  const guests = [guest(1, 'going'), guest(2, 'maybe'), guest(3, 'going'), guest(4, 'rejected')];

  it("keeps one toggle's rows in the server's order", () => {
    expect(guestsWithStatus(guests, 'going').map((g) => g.user.id)).toEqual([1, 3]);
    expect(guestsWithStatus(guests, 'maybe').map((g) => g.user.id)).toEqual([2]);
    expect(guestsWithStatus(guests, 'rejected').map((g) => g.user.id)).toEqual([4]);
  });

  it('is empty for a toggle nobody answered', () => {
    expect(guestsWithStatus([guest(1, 'going')], 'rejected')).toEqual([]);
  });
});

describe('companionsBadge', () => {
  it('shows +N only when the guest brings someone', () => {
    expect(companionsBadge(0)).toBeNull();
    expect(companionsBadge(1)).toBe('+1');
    expect(companionsBadge(3)).toBe('+3');
  });
});

describe('companionNames', () => {
  it('joins first and last names, leaving out empty parts and nameless companions', () => {
    expect(
      companionNames([
        { first_name: 'Pip', last_name: '' },
        { first_name: ' Ana ', last_name: 'Ruiz' },
        { first_name: '', last_name: 'Okafor' },
        { first_name: ' ', last_name: '' },
      ]),
    ).toBe('Pip, Ana Ruiz, Okafor');
  });

  it('is empty without companions', () => {
    expect(companionNames([])).toBe('');
  });
});
