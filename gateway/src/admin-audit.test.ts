import { afterEach, describe, expect, it } from 'vitest';
import { eventually, startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from './test-gateway.ts';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

describe('admin audit log, end to end in standalone mode', () => {
  it('admin deletes a user, logging service holds who did what to whom', async () => {
    gw = await startTestGateway();
    const admin = { authorization: `Bearer ${gw.tokenFor('admin-7', ['admin'])}` };
    const created = await gw.app.inject({
      method: 'POST',
      url: `/api/${TEST_ADMIN_PREFIX}/users`,
      headers: admin,
      payload: {
        email: `audit${Date.now()}@example.jp`,
        password: 'abcd1234',
        gender: 'female',
        date_of_birth: '2000-01-01',
      },
    });
    const userId = created.json().user.id as string;

    const deleted = await gw.app.inject({
      method: 'DELETE',
      url: `/api/${TEST_ADMIN_PREFIX}/users/${userId}`,
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const entry = await eventually(async () => {
      const res = await gw!.app.inject({
        method: 'POST',
        url: `/api/${TEST_ADMIN_PREFIX}/logs/filter`,
        headers: admin,
        payload: { source: 'audit', user_id: userId },
      });
      return (res.json().logs as Array<{ message: string; actor_id: string; user_id: string }>).find(
        (l) => l.message === 'user.deleted',
      );
    });
    expect(created.statusCode).toBe(201);
    expect(entry).toMatchObject({ user_id: userId, actor_id: 'admin-7' });
  });
});
