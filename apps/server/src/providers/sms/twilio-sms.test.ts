import { describe, expect, it } from 'vitest';
import { TwilioError, TwilioSmsProvider } from './twilio-sms.ts';

const OPTIONS = { accountSid: 'AC0123456789abcdef', authToken: 's3cret-token', verifyServiceSid: 'VA9876543210fedcba', from: '+12025550199' };
const BASIC = `Basic ${Buffer.from('AC0123456789abcdef:s3cret-token').toString('base64')}`;
const TO = '+12025550123';

interface SentRequest {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  form: Record<string, string>;
}

/** A fake fetch that records each request and answers the next queued response. */
function fakeTwilio(...answers: { status: number; body?: unknown }[]) {
  const requests: SentRequest[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      form: Object.fromEntries(new URLSearchParams(String(init?.body))),
    });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { requests, provider: new TwilioSmsProvider({ ...OPTIONS, fetch }) };
}

function expectTwilioRequest(request: SentRequest | undefined, url: string, form: Record<string, string>) {
  expect(request).toBeDefined();
  expect(request!.url).toBe(url);
  expect(request!.method).toBe('POST');
  expect(request!.headers.authorization).toBe(BASIC);
  expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  expect(request!.form).toEqual(form);
}

describe('TwilioSmsProvider', () => {
  it('says it verifies codes itself', () => {
    const { provider } = fakeTwilio();
    expect(provider.name).toBe('twilio');
    expect(provider.verifiesCodes).toBe(true);
  });

  it('starts a Verify verification by SMS', async () => {
    const { requests, provider } = fakeTwilio({ status: 201, body: { sid: 'VE1', status: 'pending' } });
    await provider.sendCode(TO);
    expect(requests).toHaveLength(1);
    expectTwilioRequest(requests[0], 'https://verify.twilio.com/v2/Services/VA9876543210fedcba/Verifications', { To: TO, Channel: 'sms' });
  });

  it('checks a code with Verify: approved is true', async () => {
    const { requests, provider } = fakeTwilio({ status: 200, body: { status: 'approved', valid: true } });
    expect(await provider.checkCode(TO, '123456')).toBe(true);
    expect(requests).toHaveLength(1);
    expectTwilioRequest(requests[0], 'https://verify.twilio.com/v2/Services/VA9876543210fedcba/VerificationCheck', { To: TO, Code: '123456' });
  });

  it('checks a code with Verify: pending (a wrong code) is false', async () => {
    const { provider } = fakeTwilio({ status: 200, body: { status: 'pending', valid: false } });
    expect(await provider.checkCode(TO, '000000')).toBe(false);
  });

  it('checks a code with Verify: 404 (no pending verification) is false', async () => {
    const { provider } = fakeTwilio({ status: 404, body: { code: 20404, message: 'The requested resource was not found' } });
    expect(await provider.checkCode(TO, '123456')).toBe(false);
  });

  it('throws when Verify fails', async () => {
    const { provider } = fakeTwilio({ status: 500, body: { message: 'Internal error' } });
    const failure = provider.checkCode(TO, '123456');
    await expect(failure).rejects.toBeInstanceOf(TwilioError);
    await expect(failure).rejects.toThrow(/500/);
  });

  it('throws on a 5xx even when its message mentions 404', async () => {
    const { provider } = fakeTwilio({ status: 503, body: { message: 'upstream answered 404 Not Found' } });
    await expect(provider.checkCode(TO, '123456')).rejects.toMatchObject({ status: 503 });
  });

  it('throws when a send fails, also without a JSON body', async () => {
    const failing = fakeTwilio({ status: 500 });
    await expect(failing.provider.sendCode(TO)).rejects.toThrow(/Twilio answered 500/);
    const refused = fakeTwilio({ status: 400, body: { message: "The 'To' number is not a valid phone number." } });
    await expect(refused.provider.sendCode(TO)).rejects.toThrow(/400.*not a valid phone number/);
  });

  it('sends other texts with Messaging from the configured number', async () => {
    const { requests, provider } = fakeTwilio({ status: 201, body: { sid: 'SM1' } });
    await provider.sendMessage(TO, 'Maya invited you to Friday dinner');
    expect(requests).toHaveLength(1);
    expectTwilioRequest(requests[0], 'https://api.twilio.com/2010-04-01/Accounts/AC0123456789abcdef/Messages.json', {
      To: TO,
      From: '+12025550199',
      Body: 'Maya invited you to Friday dinner',
    });
  });

  it('throws when Messaging fails', async () => {
    const { provider } = fakeTwilio({ status: 500, body: { message: 'Internal error' } });
    await expect(provider.sendMessage(TO, 'hello')).rejects.toBeInstanceOf(TwilioError);
  });
});
