import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  OTP_APPROVAL_TTL_MS,
  OTP_MAX_CHECKS,
  OTP_MAX_SENDS_PER_DAY,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_COOLDOWN_MS,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_TTL_MS,
} from '@planns/shared/auth/otp.rules';
import { ERROR_MESSAGES } from '@planns/shared/errors/error-codes';
import {
  approvePhone,
  buildUser,
  createTestApp,
  lastCodeFor,
  nextIp,
  nextPhone,
  ORIGIN,
  signIn,
  type TestContext,
} from './harness.ts';

// Every app is built while the file is collected, so that the harness's afterAll closes it.
const ctx = await createTestApp();
const { app, sms, clock, db } = ctx;
const short = await createTestApp({ env: { OTP_LENGTH: '4' } });
const secure = await createTestApp({ env: { PUBLIC_URL: 'https://planns.example' } });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Injected = Awaited<ReturnType<typeof app.inject>>;

function sendCode(to: string, ip: string, target: TestContext['app'] = app) {
  return target.inject({ method: 'POST', url: '/api/send-code', remoteAddress: ip, payload: { to } });
}

function checkCode(to: string, code: string, ip: string, target: TestContext['app'] = app) {
  return target.inject({ method: 'POST', url: '/api/check-code', remoteAddress: ip, payload: { to, code } });
}

function authCreate(
  body: { phone: string; approval_token?: string },
  ip: string,
  opts: { cookies?: Record<string, string>; target?: TestContext['app'] } = {},
) {
  return (opts.target ?? app).inject({
    method: 'POST',
    url: '/api/auth-create',
    remoteAddress: ip,
    payload: body,
    ...(opts.cookies ? { cookies: opts.cookies } : {}),
  });
}

function cookieNamed(res: Injected, name: string) {
  return res.cookies.find((c) => c.name === name);
}

function textsTo(phone: string, target: TestContext['sms'] = sms) {
  return target.list().filter((m) => m.to === phone);
}

/** A code of the same shape that is certainly not `code`. */
function wrongCode(code: string): string {
  const last = Number(code.slice(-1));
  return code.slice(0, -1) + String((last + 1) % 10);
}

describe('send-code', () => {
  it('normalises the number to E.164 and texts a code of OTP_LENGTH digits', async () => {
    const res = await sendCode('+1 (415) 555-2671', nextIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending', resend_after: 30, code_length: 6 });
    const [text] = textsTo('+14155552671');
    expect(text).toBeDefined();
    expect(text!.body).toMatch(/^\d{6} is your planns code/);
    expect(lastCodeFor(sms, '+14155552671')).toMatch(/^\d{6}$/);
    expect(sms.list().some((m) => m.to.includes(' ') || m.to.includes('('))).toBe(false);
  });

  it.each(['12', 'abc', '+1 555', '+999 1234567890', '+1 202 555 01', '0000000000000000000'])(
    'refuses the invalid phone %j with the spec text and sends nothing',
    async (to) => {
      const before = sms.list().length;
      const res = await sendCode(to, nextIp());
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.error.code).toBe('phone_invalid');
      expect(body.error.message).toBe('Phone is wrong. Please, check your input');
      expect(body.error.fields).toEqual({ to: 'Phone is wrong. Please, check your input' });
      expect(sms.list().length).toBe(before);
    },
  );

  it('answers the same for a known and an unknown number', async () => {
    const known = await buildUser(db);
    const unknown = nextPhone();
    const a = await sendCode(known.phone!, nextIp());
    const b = await sendCode(unknown, nextIp());
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    expect(textsTo(known.phone!)).toHaveLength(1);
    expect(textsTo(unknown)).toHaveLength(1);
  });

  it('waits 30 s between sends and says how long is left', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect((await sendCode(phone, ip)).statusCode).toBe(200);

    const early = await sendCode(phone, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('too_many_requests');
    expect(early.json().error.retry_after).toBe(30);
    expect(early.headers['retry-after']).toBe('30');

    clock.advance(10 * SECOND);
    const later = await sendCode(phone, ip);
    expect(later.statusCode).toBe(429);
    expect(later.json().error.retry_after).toBe(20);
    expect(later.headers['retry-after']).toBe('20');
    expect(textsTo(phone)).toHaveLength(1);

    clock.advance(20 * SECOND);
    expect((await sendCode(phone, ip)).statusCode).toBe(200);
    expect(textsTo(phone)).toHaveLength(2);
  });

  it('allows 5 sends an hour, then refuses past the cooldown until the hour has passed', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const start = clock.now().getTime();
    for (let i = 0; i < OTP_MAX_SENDS_PER_HOUR; i++) {
      expect((await sendCode(phone, ip)).statusCode).toBe(200);
      clock.advance(OTP_RESEND_COOLDOWN_MS + SECOND);
    }
    const sixth = await sendCode(phone, ip);
    expect(sixth.statusCode).toBe(429);
    const elapsed = clock.now().getTime() - start;
    // Free again when the first send of the hour leaves the window.
    expect(sixth.json().error.retry_after).toBe(Math.ceil((HOUR - elapsed) / 1000));
    expect(sixth.headers['retry-after']).toBe(String(sixth.json().error.retry_after));
    expect(textsTo(phone)).toHaveLength(5);

    clock.advance(10 * MINUTE);
    expect((await sendCode(phone, ip)).statusCode).toBe(429);

    clock.set(new Date(start + HOUR + SECOND));
    expect((await sendCode(phone, ip)).statusCode).toBe(200);
    expect(textsTo(phone)).toHaveLength(6);
  });

  it('allows 10 sends a day, then refuses until the day has passed', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const start = clock.now().getTime();
    for (let hour = 0; hour < OTP_MAX_SENDS_PER_DAY / OTP_MAX_SENDS_PER_HOUR; hour++) {
      clock.set(new Date(start + hour * (HOUR + MINUTE)));
      for (let i = 0; i < OTP_MAX_SENDS_PER_HOUR; i++) {
        expect((await sendCode(phone, ip)).statusCode).toBe(200);
        clock.advance(OTP_RESEND_COOLDOWN_MS + SECOND);
      }
    }
    expect(textsTo(phone)).toHaveLength(10);

    // A new hour: the hourly limit is fine again, the daily one is not.
    clock.set(new Date(start + 3 * HOUR));
    const eleventh = await sendCode(phone, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.retry_after).toBe((DAY - 3 * HOUR) / 1000);
    expect(eleventh.headers['retry-after']).toBe(String((DAY - 3 * HOUR) / 1000));

    clock.set(new Date(start + DAY - SECOND));
    expect((await sendCode(phone, ip)).statusCode).toBe(429);

    clock.set(new Date(start + DAY + SECOND));
    expect((await sendCode(phone, ip)).statusCode).toBe(200);
    expect(textsTo(phone)).toHaveLength(11);
  });

  it('caps sends per IP with the request rate limit, whatever the phone', async () => {
    const ip = nextIp();
    const other = nextIp();
    // The send-code route allows 20 requests per 10 minutes per address (in memory).
    for (let i = 0; i < 20; i++) expect((await sendCode(nextPhone(), ip)).statusCode).toBe(200);
    const phone = nextPhone();
    const refused = await sendCode(phone, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.retry_after).toBe(Number(refused.headers['retry-after']));
    expect(textsTo(phone)).toHaveLength(0);
    // Another address is not affected.
    expect((await sendCode(phone, other)).statusCode).toBe(200);
  });

  it(`caps sends per IP at OTP_SENDS_PER_IP_PER_HOUR (${OTP_SENDS_PER_IP_PER_HOUR}) an hour, counted in the database`, async () => {
    const ip = nextIp();
    // The request limiter (20 per 10 real minutes) stops a burst first; earlier sends of this
    // hour from this address are recorded here as they would have been by send-code.
    const earlier = OTP_SENDS_PER_IP_PER_HOUR - 5;
    const sentAt = new Date(clock.now().getTime() - 30 * MINUTE);
    await db
      .insertInto('otp_codes')
      .values(
        Array.from({ length: earlier }, () => ({
          phone: nextPhone(),
          code_hash: null,
          sent_ip: ip,
          created_at: sentAt,
          expires_at: new Date(sentAt.getTime() + OTP_TTL_MS),
        })),
      )
      .execute();

    for (let i = 0; i < 5; i++) expect((await sendCode(nextPhone(), ip)).statusCode).toBe(200);
    const phone = nextPhone();
    const refused = await sendCode(phone, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(refused.json().error.message).toMatch(/network/);
    const retry = refused.json().error.retry_after;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(refused.headers['retry-after']).toBe(String(retry));
    expect(textsTo(phone)).toHaveLength(0);

    // The same phone from another network is fine; and once the earlier sends leave the hour
    // window, this network is too.
    expect((await sendCode(phone, nextIp())).statusCode).toBe(200);
    clock.advance(30 * MINUTE + SECOND);
    expect((await sendCode(nextPhone(), ip)).statusCode).toBe(200);
  });
});

describe('send-code with OTP_LENGTH 4', () => {
  it('sends 4-digit codes, says so, and accepts them', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const res = await sendCode(phone, ip, short.app);
    expect(res.statusCode).toBe(200);
    expect(res.json().code_length).toBe(4);
    const code = lastCodeFor(short.sms, phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(short.sms.list()[0]!.body).toMatch(/^\d{4} is your planns code/);
    expect((await short.app.inject({ method: 'GET', url: '/api/config' })).json().data.otp_length).toBe(4);

    // No bypass code on the short length either (ignoring the real one, should it be one of them).
    for (const bypass of ['0000', '1234', '1111'].filter((c) => c !== code)) {
      expect((await checkCode(phone, bypass, ip, short.app)).json().error.code).toBe('code_wrong');
    }
    const checked = await checkCode(phone, code, ip, short.app);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().status).toBe('approved');
  });
});

describe('check-code', () => {
  async function sentCode(phone = nextPhone(), ip = nextIp()) {
    const res = await sendCode(phone, ip);
    expect(res.statusCode).toBe(200);
    return { phone, ip, code: lastCodeFor(sms, phone) };
  }

  it('approves the right code with a token and an HttpOnly approval cookie', async () => {
    const { phone, ip, code } = await sentCode();
    const res = await checkCode(phone, code, ip);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('approved');
    expect(body.approval_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = cookieNamed(res, 'planns_otp');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toBe(body.approval_token);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.path).toBe('/api');
    expect(cookie!.secure).toBeFalsy();
  });

  it('accepts the number in another format', async () => {
    const { phone, ip, code } = await sentCode();
    const spaced = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await checkCode(spaced, code, ip)).statusCode).toBe(200);
  });

  it('refuses a wrong code with the spec text', async () => {
    const { phone, ip, code } = await sentCode();
    const res = await checkCode(phone, wrongCode(code), ip);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'code_wrong', message: 'Code is wrong', fields: { code: 'Code is wrong' } });
    expect(cookieNamed(res, 'planns_otp')).toBeUndefined();
  });

  it('refuses an invalid phone with the spec text', async () => {
    const res = await checkCode('+1 23', '123456', nextIp());
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('phone_invalid');
    expect(res.json().error.fields).toEqual({ to: ERROR_MESSAGES.phoneWrong });
  });

  it('still takes the right code on the 5th check', async () => {
    const { phone, ip, code } = await sentCode();
    for (let i = 0; i < OTP_MAX_CHECKS - 1; i++) expect((await checkCode(phone, wrongCode(code), ip)).statusCode).toBe(422);
    expect((await checkCode(phone, code, ip)).statusCode).toBe(200);
  });

  it('kills a code after 5 checks even when the 6th is right', async () => {
    const { phone, ip, code } = await sentCode();
    for (let i = 0; i < OTP_MAX_CHECKS; i++) expect((await checkCode(phone, wrongCode(code), ip)).statusCode).toBe(422);
    const res = await checkCode(phone, code, ip);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('code_wrong');
  });

  it('counts checks with a malformed code too', async () => {
    const { phone, ip, code } = await sentCode();
    for (let i = 0; i < OTP_MAX_CHECKS; i++) expect((await checkCode(phone, 'abc', ip)).statusCode).toBe(422);
    expect((await checkCode(phone, code, ip)).statusCode).toBe(422);
  });

  it('works until 10 minutes have passed', async () => {
    const { phone, ip, code } = await sentCode();
    clock.advance(OTP_TTL_MS - SECOND);
    expect((await checkCode(phone, code, ip)).statusCode).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const { phone, ip, code } = await sentCode();
    clock.advance(OTP_TTL_MS);
    const res = await checkCode(phone, code, ip);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('code_wrong');
  });

  it('is single use', async () => {
    const { phone, ip, code } = await sentCode();
    expect((await checkCode(phone, code, ip)).statusCode).toBe(200);
    const again = await checkCode(phone, code, ip);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('code_wrong');
  });

  it('is superseded by a newer code', async () => {
    const { phone, ip, code: first } = await sentCode();
    clock.advance(OTP_RESEND_COOLDOWN_MS);
    expect((await sendCode(phone, ip)).statusCode).toBe(200);
    const second = lastCodeFor(sms, phone);
    expect(textsTo(phone)).toHaveLength(2);
    if (first !== second) expect((await checkCode(phone, first, ip)).statusCode).toBe(422);
    expect((await checkCode(phone, second, ip)).statusCode).toBe(200);
  });

  it('has no bypass code, with or without a pending code', async () => {
    const bypasses = ['0000', '1234', '000000', '123456', '111111'];
    const never = nextPhone();
    const ip = nextIp();
    for (const code of bypasses) {
      const res = await checkCode(never, code, ip);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('code_wrong');
    }
    const { phone, code } = await sentCode(nextPhone(), ip);
    for (const bypass of ['0000', '000000', '123456'].filter((c) => c !== code)) {
      expect((await checkCode(phone, bypass, ip)).statusCode).toBe(422);
    }
    expect((await checkCode(phone, code, ip)).statusCode).toBe(200);
  });
});

describe('auth-create', () => {
  it('signs in with the approval cookie, creating the user, and sets the session cookie', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(ctx, phone, ip);
    expect(await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();

    const res = await authCreate({ phone }, ip, { cookies: { planns_otp: approval } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(data.user).toMatchObject({ phone, name: null, email: null, groups: [], current_group: null, is_moderator: false });
    expect(typeof data.user.id).toBe('number');

    const session = cookieNamed(res, 'planns_session');
    expect(session).toBeDefined();
    expect(session!.value).toBe(data.token);
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe('Lax');
    expect(session!.path).toBe('/');
    expect(session!.secure).toBeFalsy();
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    // The approval cookie is cleared.
    const approvalCookie = cookieNamed(res, 'planns_otp');
    expect(approvalCookie?.value ?? '').toBe('');

    const me = await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: session!.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(data.user.id);
  });

  it('signs in with approval_token in the body and finds the same user the second time', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const first = await authCreate({ phone, approval_token: await approvePhone(ctx, phone, ip) }, ip);
    expect(first.statusCode).toBe(200);
    clock.advance(OTP_RESEND_COOLDOWN_MS);
    const second = await authCreate({ phone, approval_token: await approvePhone(ctx, phone, ip) }, ip);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.id).toBe(first.json().data.user.id);
    expect(second.json().data.token).not.toBe(first.json().data.token);
    const rows = await db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
  });

  it('finds a user that already exists', async () => {
    const user = await buildUser(db, { name: 'Grace Hopper' });
    const ip = nextIp();
    const res = await authCreate({ phone: user.phone!, approval_token: await approvePhone(ctx, user.phone!, ip) }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: user.id, name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper' });
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(secure, phone, ip);
    const res = await authCreate({ phone }, ip, { cookies: { planns_otp: approval }, target: secure.app });
    expect(res.statusCode).toBe(200);
    const session = cookieNamed(res, 'planns_session');
    expect(session!.secure).toBe(true);
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe('Lax');
    expect(session!.path).toBe('/');
  });

  function expectNotApproved(res: Injected) {
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('code_not_approved');
    expect(res.json().error.fields.phone).toEqual(expect.any(String));
    expect(cookieNamed(res, 'planns_session')).toBeUndefined();
  }

  it('is refused without an approval', async () => {
    const phone = nextPhone();
    expectNotApproved(await authCreate({ phone }, nextIp()));
    expectNotApproved(await authCreate({ phone, approval_token: crypto.randomBytes(32).toString('base64url') }, nextIp()));
    expect(await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
  });

  it('is refused when the code was sent but not checked', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect((await sendCode(phone, ip)).statusCode).toBe(200);
    expectNotApproved(await authCreate({ phone }, ip));
  });

  it("is refused with another phone's approval", async () => {
    const mine = nextPhone();
    const theirs = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(ctx, theirs, ip);
    expectNotApproved(await authCreate({ phone: mine, approval_token: approval }, ip));
    expectNotApproved(await authCreate({ phone: mine }, ip, { cookies: { planns_otp: approval } }));
    expect(await db.selectFrom('users').select('id').where('phone', '=', mine).executeTakeFirst()).toBeUndefined();
    // The approval still works for its own phone.
    expect((await authCreate({ phone: theirs, approval_token: approval }, ip)).statusCode).toBe(200);
  });

  it('is refused 10 minutes after the approval', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(ctx, phone, ip);
    clock.advance(OTP_APPROVAL_TTL_MS);
    expectNotApproved(await authCreate({ phone, approval_token: approval }, ip));
  });

  it('is allowed just before the 10 minutes are over', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(ctx, phone, ip);
    clock.advance(OTP_APPROVAL_TTL_MS - SECOND);
    expect((await authCreate({ phone, approval_token: approval }, ip)).statusCode).toBe(200);
  });

  it('is refused on a second use of the approval', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(ctx, phone, ip);
    expect((await authCreate({ phone, approval_token: approval }, ip)).statusCode).toBe(200);
    expectNotApproved(await authCreate({ phone, approval_token: approval }, ip));
    expectNotApproved(await authCreate({ phone }, ip, { cookies: { planns_otp: approval } }));
  });

  it('lets exactly one of several parallel calls with the same approval through', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const approval = await approvePhone(ctx, phone, ip);
    const results = await Promise.all(Array.from({ length: 6 }, () => authCreate({ phone, approval_token: approval }, ip)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().error.code).toBe('code_not_approved');
    const users = await db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(1);
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', users[0]!.id).execute();
    expect(sessions).toHaveLength(1);
  });
});

describe('sessions', () => {
  async function signedIn() {
    const phone = nextPhone();
    const ip = nextIp();
    const res = await authCreate({ phone, approval_token: await approvePhone(ctx, phone, ip) }, ip);
    expect(res.statusCode).toBe(200);
    return { token: res.json().data.token as string, userId: res.json().data.user.id as number, phone };
  }

  it('GET /api/user works with the cookie and with the bearer token', async () => {
    const { token, userId, phone } = await signedIn();
    const viaCookie = await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: token } });
    const viaBearer = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaBearer.statusCode).toBe(200);
    expect(viaCookie.json().data).toMatchObject({ id: userId, phone });
    expect(viaBearer.json().data).toEqual(viaCookie.json().data);
  });

  it('answers 401 without a session, with a bad bearer token and with an unknown cookie', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthenticated');
    for (const authorization of [`Bearer ${crypto.randomBytes(32).toString('base64url')}`, 'Bearer x', 'Basic dXNlcjpwYXNz']) {
      const res = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    const stale = await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: crypto.randomBytes(32).toString('base64url') } });
    expect(stale.statusCode).toBe(401);
  });

  it('logout with the bearer token deletes the session on the server', async () => {
    const { token, userId } = await signedIn();
    const headers = { authorization: `Bearer ${token}` };
    const res = await app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    const cleared = cookieNamed(res, 'planns_session');
    expect(cleared?.value ?? '').toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: token } })).statusCode).toBe(401);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
  });

  it('logout with the cookie deletes only that session', async () => {
    const { token, userId } = await signedIn();
    const other = await signIn(ctx, userId);
    const res = await app.inject({ method: 'POST', url: '/api/logout', headers: { origin: ORIGIN }, cookies: { planns_session: token } });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: token } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: other.headers })).statusCode).toBe(200);
    // Logging out again is harmless.
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: { origin: ORIGIN }, cookies: { planns_session: token } })).statusCode).toBe(200);
  });

  it('expires after SESSION_DAYS', async () => {
    const { token } = await signedIn();
    const headers = { authorization: `Bearer ${token}` };
    clock.advance(ctx.config.SESSION_DAYS * DAY - MINUTE);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: token } })).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  async function cookieUser() {
    const user = await buildUser(db, { name: 'Before Name' });
    const { token } = await signIn(ctx, user.id);
    return { user, cookies: { planns_session: token } };
  }

  async function nameOf(id: number) {
    return (await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  }

  function expectCsrf(res: Injected) {
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_rejected');
  }

  it('refuses cookie-authenticated POST, PUT and DELETE from a foreign origin, changing nothing', async () => {
    const { user, cookies } = await cookieUser();
    const evil = { origin: 'https://evil.example' };
    const companion = await db
      .insertInto('companions')
      .values({ user_id: user.id, first_name: 'Kid', last_name: '', type: 'son_or_daughter' })
      .returning('id')
      .executeTakeFirstOrThrow();

    expectCsrf(await app.inject({ method: 'POST', url: '/api/set-name', headers: evil, cookies, payload: { id: user.id, name: 'Evil Name' } }));
    expectCsrf(await app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: evil, cookies, payload: { name: 'Evil Name' } }));
    expectCsrf(await app.inject({ method: 'DELETE', url: `/api/companions/${companion.id}`, headers: evil, cookies }));
    expectCsrf(await app.inject({ method: 'POST', url: '/api/logout', headers: evil, cookies }));
    expectCsrf(
      await app.inject({ method: 'POST', url: '/api/set-name', headers: { referer: 'https://evil.example/page' }, cookies, payload: { id: user.id, name: 'Evil Name' } }),
    );
    expectCsrf(await app.inject({ method: 'POST', url: '/api/set-name', headers: { origin: 'null' }, cookies, payload: { id: user.id, name: 'Evil Name' } }));

    expect(await nameOf(user.id)).toBe('Before Name');
    expect(await db.selectFrom('companions').select('id').where('id', '=', companion.id).executeTakeFirst()).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/user', cookies })).statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated POST with neither Origin nor Referer', async () => {
    const { user, cookies } = await cookieUser();
    expectCsrf(await app.inject({ method: 'POST', url: '/api/set-name', cookies, payload: { id: user.id, name: 'No Origin' } }));
    expect(await nameOf(user.id)).toBe('Before Name');
  });

  it('allows a cookie-authenticated POST from the app origin (Origin or Referer)', async () => {
    const { user, cookies } = await cookieUser();
    const res = await app.inject({ method: 'POST', url: '/api/set-name', headers: { origin: ORIGIN }, cookies, payload: { id: user.id, name: 'Own Origin' } });
    expect(res.statusCode).toBe(200);
    expect(await nameOf(user.id)).toBe('Own Origin');
    const viaReferer = await app.inject({
      method: 'POST',
      url: '/api/set-name',
      headers: { referer: `${ORIGIN}/my-user` },
      cookies,
      payload: { id: user.id, name: 'Own Referer' },
    });
    expect(viaReferer.statusCode).toBe(200);
    expect(await nameOf(user.id)).toBe('Own Referer');
  });

  it('allows a bearer-authenticated POST without Origin', async () => {
    const user = await buildUser(db, { name: 'Before Name' });
    const { headers } = await signIn(ctx, user.id);
    const res = await app.inject({ method: 'POST', url: '/api/set-name', headers, payload: { id: user.id, name: 'Api Client' } });
    expect(res.statusCode).toBe(200);
    expect(await nameOf(user.id)).toBe('Api Client');
  });

  it('refuses send-code from a foreign origin and sends nothing', async () => {
    const phone = nextPhone();
    const res = await app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: nextIp(), headers: { origin: 'https://evil.example' }, payload: { to: phone } });
    expectCsrf(res);
    expect(textsTo(phone)).toHaveLength(0);
    const own = await app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: nextIp(), headers: { origin: ORIGIN }, payload: { to: phone } });
    expect(own.statusCode).toBe(200);
    expect(textsTo(phone)).toHaveLength(1);
  });
});
