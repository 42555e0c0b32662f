import { describe, expect, it } from 'vitest';
import { destinationOf } from './return-url.ts';

const origin = 'http://localhost:3302';

describe('destinationOf', () => {
  it('follows an address on this site with the router', () => {
    expect(destinationOf('http://localhost:3302/payment-settings?payment=success', origin)).toEqual({ kind: 'route', path: '/payment-settings?payment=success' });
    expect(destinationOf('/stripe-settings', origin)).toEqual({ kind: 'route', path: '/stripe-settings' });
  });

  it('opens another web address as a page', () => {
    expect(destinationOf('https://planns.example/stripe_registered', origin)).toEqual({ kind: 'page', href: 'https://planns.example/stripe_registered' });
  });

  it('follows nothing else', () => {
    expect(destinationOf(null, origin)).toBeNull();
    expect(destinationOf('', origin)).toBeNull();
    expect(destinationOf('javascript:alert(1)', origin)).toBeNull();
    expect(destinationOf('http://[bad', origin)).toBeNull();
  });
});
