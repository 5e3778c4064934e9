/**
 * Real-name verification: the name and ID rules (shared with the console), masking,
 * the number kept encrypted, one account per ID number, 5 submissions per 24 hours, the
 * pending / approved / rejected states and the admins' review queue with its access rules.
 */
import { TokenService } from '../../server/core/auth';
import { AccountService } from '../../server/modules/auth/service';
import { SessionService } from '../../server/modules/auth/sessions';
import { IdCardVault } from '../../server/modules/realname/id-card';
import { RealnameService } from '../../server/modules/realname/service';
import { checkIdCard, checkRealName, idCardCheckChar, maskIdCard, maskRealName } from '../../shared/validation';
import { ADMIN, call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { creditsOf } from '../support/services';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** the accounts module the service logs reviews through, on the test database */
const accountsOf = () => {
  const tokens = new TokenService('test-secret-test-secret-test-secret', 600);
  return new AccountService(t.db, tokens, undefined, creditsOf(t.db), new SessionService(t.db, tokens));
};
let adminToken = '';
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

/** a valid ID number: area, birth date, a serial, and its GB 11643 check character */
let serial = 100;
function validId(birth = '19900307'): string {
  const first17 = `110101${birth}${String(serial++).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}
/** a valid number whose check character is X */
function validIdWithX(): string {
  for (;;) {
    const id = validId();
    if (id.endsWith('X')) return id;
  }
}
/** the same number with a wrong check character */
const wrongCheck = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');

let userSeq = 0;
async function newUser() {
  const username = `rn_user_${++userSeq}`;
  const user = await makeUser(t.db, { username, password: 'Member#2026' });
  const r = await login(t.app, username, 'Member#2026');
  return { id: user.id, username, token: r.body.data.token as string };
}

const submit = (token: string, realName: string, idCard: string, lang?: string) =>
  call(t.app, 'POST', '/api/auth/realname', { token, body: { realName, idCard }, lang });
const status = (token: string) => call(t.app, 'GET', '/api/auth/realname', { token });
const queue = (token: string, query = '') => call(t.app, 'GET', `/api/system/realname${query}`, { token });
const decide = (token: string, id: string, body: object) => call(t.app, 'POST', `/api/system/realname/${id}/decide`, { token, body });

async function rowsOf(userId: string) {
  const { rows } = await t.db.$client.query(`SELECT * FROM realname_verifications WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows as Array<Record<string, string>>;
}

describe('the rules (shared/validation.ts)', () => {
  it('names: two or more Han characters, one optional middle dot, trimmed', () => {
    for (const ok of ['张三', ' 欧阳娜娜 ', '阿卜杜·热合曼', '阿卜杜•热合曼', '𠀀𠀁']) expect(checkRealName(ok)).toBeNull();
    for (const bad of ['张', '', 'Zhang San', '张3', '张 三', '·张三', '张三·', '阿·卜·杜', '张三a', 'アイ'])
      expect(checkRealName(bad)).toBe('REALNAME_INVALID');
  });

  it('ID numbers: 18 characters, a real birth date, the check character (x or X)', () => {
    expect(checkIdCard('11010519491231002X')).toBeNull();
    expect(checkIdCard('11010519491231002x')).toBeNull();
    expect(checkIdCard('110101199003074514')).toBeNull();
    expect(checkIdCard('110101199003074515')).toBe('IDCARD_INVALID'); // wrong check digit
    expect(checkIdCard('110105194912310021')).toBe('IDCARD_INVALID'); // X expected
    const feb30 = '1101011990023012';
    expect(checkIdCard(`${feb30}3${idCardCheckChar(`${feb30}3`)}`)).toBe('IDCARD_INVALID'); // 30 February
    const future = `110101${new Date().getFullYear() + 1}0101123`;
    expect(checkIdCard(future + idCardCheckChar(future))).toBe('IDCARD_INVALID');
    for (const bad of ['', '11010119900307451', '1101011990030745144', '11010119900307451A', 'X10101199003074514'])
      expect(checkIdCard(bad)).toBe('IDCARD_INVALID');
  });

  it('masks: the first character of the name, the first and last four of the number', () => {
    expect(maskRealName('张三')).toBe('张*');
    expect(maskRealName('阿卜杜·热合曼')).toBe('阿**·***');
    expect(maskIdCard('110101199003074514')).toBe('1101**********4514');
  });

  it('encryption: a fresh IV each time, decrypts back, refuses another key or a changed value', () => {
    const vault = new IdCardVault('secret-one');
    const a = vault.encrypt('110101199003074514');
    const b = vault.encrypt('110101199003074514');
    expect(a).not.toBe(b);
    expect(a).not.toContain('110101199003074514');
    expect(vault.decrypt(a)).toBe('110101199003074514');
    expect(() => new IdCardVault('secret-two').decrypt(a)).toThrow();
    const [iv, tag, data] = a.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => vault.decrypt([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(vault.hash('110101199003074514')).toBe(vault.hash('110101199003074514'));
    expect(vault.hash('110101199003074514')).not.toBe(new IdCardVault('secret-two').hash('110101199003074514'));
  });
});

describe('submitting', () => {
  it('starts at none; a valid submission is pending, masked, and stored only encrypted', async () => {
    const u = await newUser();
    expect((await status(u.token)).body.data).toMatchObject({ status: 'none', realName: null, idCardMasked: null, attemptsLeftToday: 5, maxAttempts: 5 });
    const plainId = validIdWithX();
    // a lower-case x is taken as X
    const r = await submit(u.token, ' 张三 ', plainId.toLowerCase());
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'pending',
      realName: '张*',
      idCardMasked: maskIdCard(plainId),
      reason: null,
      decidedAt: null,
      attemptsLeftToday: 4,
    });
    expect(JSON.stringify(r.body)).not.toContain(plainId.slice(4, 14));
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ real_name: '张三', status: 'pending', id_card_masked: maskIdCard(plainId) });
    // the row never holds the number (nor its middle digits) in plain text
    expect(JSON.stringify(row)).not.toContain(plainId.slice(4, 14));
    const service = new RealnameService(t.db, 'test-secret-test-secret-test-secret', accountsOf());
    expect(await service.revealIdCard(Number(row.id))).toBe(plainId);
    // another secret cannot read it
    await expect(new RealnameService(t.db, 'another-secret', accountsOf()).revealIdCard(Number(row.id))).rejects.toThrow();
  });

  it('refuses bad names and numbers on their fields, in the caller language', async () => {
    const u = await newUser();
    const badName = await submit(u.token, 'Zhang San', validId());
    expect(badName.status).toBe(400);
    expect(badName.body).toMatchObject({ errorCode: 'REALNAME_INVALID', field: 'realName' });
    const wrong = await submit(u.token, '李四', wrongCheck(validId()), 'zh-CN');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'IDCARD_INVALID', field: 'idCard', errorMessage: '请输入有效的 18 位身份证号码' });
    const badDate = '110101199013011234'; // month 13
    expect((await submit(u.token, '李四', badDate.slice(0, 17) + idCardCheckChar(badDate))).body).toMatchObject({
      errorCode: 'IDCARD_INVALID',
      field: 'idCard',
    });
    // refused input is not an attempt
    expect((await status(u.token)).body.data).toMatchObject({ status: 'none', attemptsLeftToday: 5 });
    expect(await rowsOf(u.id)).toHaveLength(0);
  });

  it('one pending at a time; approved is final', async () => {
    const u = await newUser();
    expect((await submit(u.token, '王五', validId())).status).toBe(200);
    const again = await submit(u.token, '王五', validId());
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('REALNAME_PENDING');
    const [row] = await rowsOf(u.id);
    expect((await decide(adminToken, row.id, { decision: 'approve' })).status).toBe(200);
    expect((await status(u.token)).body.data).toMatchObject({ status: 'approved', realName: '王*' });
    const after = await submit(u.token, '王五', validId());
    expect(after.status).toBe(409);
    expect(after.body.errorCode).toBe('REALNAME_ALREADY_VERIFIED');
  });

  it('one account per ID number: pending or approved elsewhere -> IDCARD_TAKEN on idCard; free again after a rejection', async () => {
    const a = await newUser();
    const b = await newUser();
    const id = validId();
    expect((await submit(a.token, '赵六', id)).status).toBe(200);
    const taken = await submit(b.token, '赵六', id.toLowerCase());
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorCode: 'IDCARD_TAKEN', field: 'idCard' });
    // the refused try counts and is recorded as an automatic rejection
    expect((await status(b.token)).body.data).toMatchObject({ status: 'rejected', attemptsLeftToday: 4 });
    const [rowB] = await rowsOf(b.id);
    expect(rowB).toMatchObject({ status: 'rejected', reviewer_id: null });

    const [rowA] = await rowsOf(a.id);
    expect((await decide(adminToken, rowA.id, { decision: 'reject', reason: 'Blurred' })).status).toBe(200);
    expect((await submit(b.token, '赵六', id)).body.data.status).toBe('pending');
    // now b holds it: a cannot take it back
    expect((await submit(a.token, '赵六', id)).body.errorCode).toBe('IDCARD_TAKEN');
  });

  it('two accounts racing for one number: exactly one wins', async () => {
    const users = await Promise.all([newUser(), newUser(), newUser()]);
    const id = validId();
    const results = await Promise.all(users.map((u) => submit(u.token, '钱七', id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const { rows } = await t.db.$client.query(`SELECT count(*)::int AS n FROM realname_verifications WHERE id_card_masked = $1 AND status = 'pending'`, [
      maskIdCard(id),
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('a plugged provider decides at once; one that fails leaves the submission for the admins', async () => {
    const seen: string[] = [];
    const approving = new RealnameService(t.db, 'test-secret-test-secret-test-secret', accountsOf(), {
      submit: async (r) => (seen.push(r.idCard), { status: 'approved' }),
    });
    const a = await newUser();
    const id = validId();
    expect(await approving.submit(a.id, { realName: '冯二', idCard: id }, 'en')).toMatchObject({ status: 'approved', realName: '冯*' });
    expect(seen).toEqual([id]);
    const rejecting = new RealnameService(t.db, 'test-secret-test-secret-test-secret', accountsOf(), {
      submit: async () => ({ status: 'rejected', reason: 'No match' }),
    });
    const b = await newUser();
    expect(await rejecting.submit(b.id, { realName: '陈三', idCard: validId() }, 'en')).toMatchObject({ status: 'rejected', reason: 'No match' });
    const failing = new RealnameService(t.db, 'test-secret-test-secret-test-secret', accountsOf(), {
      submit: async () => {
        throw new Error('provider down');
      },
    });
    const c = await newUser();
    expect((await failing.submit(c.id, { realName: '褚四', idCard: validId() }, 'en')).status).toBe('pending');
  });

  it('5 submissions per 24 hours, counted from the table', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) {
      const r = await submit(u.token, '孙八', validId());
      expect(r.body.data).toMatchObject({ status: 'pending', attemptsLeftToday: 4 - i });
      const rows = await rowsOf(u.id);
      expect((await decide(adminToken, rows[rows.length - 1].id, { decision: 'reject', reason: `try ${i}` })).status).toBe(200);
    }
    expect((await status(u.token)).body.data).toMatchObject({ status: 'rejected', reason: 'try 4', attemptsLeftToday: 0 });
    const sixth = await submit(u.token, '孙八', validId());
    expect(sixth.status).toBe(429);
    expect(sixth.body.errorCode).toBe('REALNAME_ATTEMPTS_EXCEEDED');
    // a day later the oldest no longer counts
    await t.db.$client.query(
      `UPDATE realname_verifications SET created_at = created_at - interval '25 hours' WHERE id = (SELECT min(id) FROM realname_verifications WHERE user_id = $1)`,
      [u.id],
    );
    expect((await status(u.token)).body.data.attemptsLeftToday).toBe(1);
    expect((await submit(u.token, '孙八', validId())).body.data).toMatchObject({ status: 'pending', attemptsLeftToday: 0 });
  });
});

describe('the admin review queue', () => {
  it('lists masked numbers, filters by status and keyword, pages', async () => {
    const u = await newUser();
    const id = validId();
    await submit(u.token, '周九', id);
    const r = await queue(adminToken, `?status=pending&keyword=${encodeURIComponent('周九')}`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    expect(r.body.data[0]).toMatchObject({ username: u.username, real_name: '周九', id_card_masked: maskIdCard(id), status: 'pending', reviewer_id: null });
    expect(JSON.stringify(r.body)).not.toContain(id.slice(4, 14));
    expect(Object.keys(r.body.data[0])).not.toEqual(expect.arrayContaining(['id_card_enc']));
    const byName = await queue(adminToken, `?keyword=${u.username}`);
    expect(byName.body.total).toBe(1);
    expect((await queue(adminToken, `?status=approved&keyword=${encodeURIComponent('周九')}`)).body.total).toBe(0);
    const paged = await queue(adminToken, '?pageSize=1&current=2');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThan(1);
  });

  it('decides only pending records, records reviewer, time and a user log; a rejection needs a reason', async () => {
    const u = await newUser();
    await submit(u.token, '吴十', validId());
    const [row] = await rowsOf(u.id);
    const noReason = await decide(adminToken, row.id, { decision: 'reject', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ errorCode: 'REALNAME_REASON_REQUIRED', field: 'reason' });
    const rejected = await decide(adminToken, row.id, { decision: 'reject', reason: 'Name differs from the ID card' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Name differs from the ID card', reviewer_name: ADMIN.username });
    expect(rejected.body.data.decided_at).toBeTruthy();
    expect((await status(u.token)).body.data).toMatchObject({ status: 'rejected', reason: 'Name differs from the ID card' });
    const twice = await decide(adminToken, row.id, { decision: 'approve' });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('REALNAME_NOT_PENDING');
    const { rows: logs } = await t.db.$client.query(`SELECT state, username FROM user_logs WHERE type = 'realname-review' AND user_id = $1`, [u.id]);
    expect(logs).toEqual([{ state: 0, username: u.username }]);
    expect((await decide(adminToken, '999999', { decision: 'approve' })).status).toBe(404);
    expect((await decide(adminToken, 'not-a-number', { decision: 'approve' })).status).toBe(404);
  });

  it('access: users may not read or decide; READ_UNI_ID_USERS reads but does not decide', async () => {
    const u = await newUser();
    await submit(u.token, '郑一', validId());
    const [row] = await rowsOf(u.id);
    expect((await queue(u.token)).body.errorCode).toBe('PERMISSION_ERROR');
    expect((await decide(u.token, row.id, { decision: 'approve' })).body.errorCode).toBe('PERMISSION_ERROR');
    expect((await call(t.app, 'GET', '/api/auth/realname')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/realname', { body: { realName: '郑一', idCard: validId() } })).status).toBe(401);

    await makeRole(t.db, 'rn_reader', ['READ_UNI_ID_USERS']);
    await makeUser(t.db, { username: 'rn_reader', password: 'Reader#2026', role: ['rn_reader'] });
    const reader = (await login(t.app, 'rn_reader', 'Reader#2026')).body.data.token;
    expect((await queue(reader, '?status=pending')).status).toBe(200);
    expect((await decide(reader, row.id, { decision: 'approve' })).body.errorCode).toBe('PERMISSION_ERROR');
    expect((await status(u.token)).body.data.status).toBe('pending');
  });
});
