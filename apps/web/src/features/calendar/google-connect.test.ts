import { describe, expect, it } from 'vitest';
import { readConnectMessage, windowFeatures } from './google-connect.ts';

const own = 'https://planns.example';

describe('readConnectMessage', () => {
  it('takes the window’s answer from the app’s own origin', () => {
    expect(readConnectMessage({ type: 'planns:google-calendar', status: 'connected', email: 'ada@example.com' }, own, own)).toEqual({
      type: 'planns:google-calendar',
      status: 'connected',
      email: 'ada@example.com',
    });
    expect(readConnectMessage({ type: 'planns:google-calendar', status: 'error', reason: 'denied' }, own, own)).toMatchObject({ status: 'error', reason: 'denied' });
  });

  it('ignores other origins and anything else', () => {
    expect(readConnectMessage({ type: 'planns:google-calendar', status: 'connected', email: 'eve@example.com' }, 'https://evil.example', own)).toBeNull();
    expect(readConnectMessage({ type: 'other', status: 'connected', email: 'x' }, own, own)).toBeNull();
    expect(readConnectMessage({ type: 'planns:google-calendar', status: 'connected' }, own, own)).toBeNull();
    expect(readConnectMessage('planns:google-calendar', own, own)).toBeNull();
    expect(readConnectMessage(null, own, own)).toBeNull();
  });
});

describe('windowFeatures', () => {
  it('opens 500x600 centred over the page', () => {
    expect(windowFeatures(100, 50, 1300, 900)).toBe('popup=yes,width=500,height=600,left=500,top=200');
    expect(windowFeatures(0, 0, 400, 500)).toBe('popup=yes,width=500,height=600,left=0,top=0');
  });
});
