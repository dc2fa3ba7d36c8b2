import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ageInJapanOn } from '@talkwith/proto/identity';
import { messages } from '../errors.ts';
import { usersIn } from '../accounts/users.ts';
import { buildTestApp, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A date of birth that makes the person `years` old today in Japan (born today's Japan date, `years` ago). */
function bornYearsAgo(years: number, dayShift = 0): string {
  const japanToday = new Date(Date.now() + 9 * 3600_000);
  const birth = new Date(
    Date.UTC(japanToday.getUTCFullYear() - years, japanToday.getUTCMonth(), japanToday.getUTCDate() + dayShift),
  );
  return birth.toISOString().slice(0, 10);
}

const signup = (date_of_birth: string, extra: Record<string, unknown> = {}) => {
  const email = uniqueEmail();
  return t.app
    .inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'abcd1234', gender: 'female', date_of_birth, ...extra },
    })
    .then((res) => ({ res, email }));
};

describe('minors at sign-up (terms: guardian consent)', () => {
  it('signup, a 15-year-old without guardian consent, 400 on guardian_consent with the Japanese message and nothing stored or mailed', async () => {
    const { res, email } = await signup(bornYearsAgo(15));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      field: 'guardian_consent',
      message: messages.guardianConsentRequired,
    });
    expect(await usersIn(t.platform.store).findOne({ email })).toBeNull();
    expect(await t.platform.mail.recent({ to: email })).toHaveLength(0);
  });

  it('signup, a minor with guardian_consent false, 400', async () => {
    const { res } = await signup(bornYearsAgo(17), { guardian_consent: false });
    expect(res.statusCode).toBe(400);
  });

  it('signup, a minor with consent, 201 storing the consent time and announcing it in user.registered', async () => {
    const before = Date.now();
    const { res, email } = await signup(bornYearsAgo(16), { guardian_consent: true });
    expect(res.statusCode).toBe(201);
    const consentAt = res.json().user.guardian_consent_at as string;
    expect(Date.parse(consentAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await usersIn(t.platform.store).findOne({ email });
    expect(stored?.guardianConsentAt?.toISOString()).toBe(consentAt);
    expect((await t.eventsOf('user.registered')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ email, guardian_consent_at: consentAt }),
    );
  });

  it('signup, 18 today in Japan, 201 without any consent', async () => {
    const { res } = await signup(bornYearsAgo(18));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.guardian_consent_at).toBeUndefined();
  });

  it('signup, 18 tomorrow in Japan, still a minor: 400 without consent', async () => {
    const { res } = await signup(bornYearsAgo(18, 1));
    expect(res.statusCode).toBe(400);
  });

  it('ageInJapanOn, 15:30 UTC is already the next day in Japan, counts the birthday', () => {
    expect(ageInJapanOn('2008-04-02', new Date('2026-04-01T15:30:00Z'))).toBe(18);
    expect(ageInJapanOn('2008-04-02', new Date('2026-04-01T14:30:00Z'))).toBe(17);
    expect(ageInJapanOn('1900-01-01', new Date())).toBeNull();
  });
});
