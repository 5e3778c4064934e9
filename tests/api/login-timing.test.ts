/**
 * Password sign-in takes as long for an account without a password (SMS or weixin sign-up) as
 * for a wrong password: a full argon2 verify always runs, so timing does not tell them apart.
 */
import * as passwords from '../../server/modules/auth/passwords';
import { call, makeUser } from '../support/accounts';
import { createTestApp } from '../support/test-app';

// the real verify, watched: which hash each sign-in checked against
jest.mock('../../server/modules/auth/passwords', () => {
  const actual = jest.requireActual('../../server/modules/auth/passwords');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});
const verify = passwords.verifyPassword as jest.MockedFunction<typeof passwords.verifyPassword>;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('runs a full verify against a real hash for unknown, password-less and password accounts alike', async () => {
  await makeUser(t.db, { username: 'has_password', password: 'Has#2026' });
  await t.db.$client.query(`INSERT INTO users (username, mobile) VALUES ('sms_only', '13500000001')`);
  const argon2id = expect.stringMatching(/^\$argon2id\$/);
  for (const account of ['has_password', 'sms_only', '13500000001', 'nobody_here']) {
    verify.mockClear();
    const r = await call(t.app, 'POST', '/api/auth/login', { body: { username: account, password: 'Guess#2026' } });
    expect(r.body).toMatchObject({ errorCode: 'PASSWORD_ERROR', field: 'password' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith(argon2id, 'Guess#2026');
  }
});
