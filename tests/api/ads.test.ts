/**
 * Rewarded ads: settings and their bounds, starting a view, the signed callback (bad or missing
 * signature, unknown view, another user's view), a replay grants once, the daily cap, and no
 * ads without a callback secret or a page.
 */
import { sql } from 'drizzle-orm';
import { RULES } from '../../shared/permissions';
import { type AdNetworkStandin, startAdNetworkStandin } from '../support/ad-network-standin';
import { call } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { tokenWith } from './system-support';

const SECRET = 'ad-callback-secret';
let t: Awaited<ReturnType<typeof createTestApp>>;
let ads: AdNetworkStandin;
let finance: string;

beforeAll(async () => {
  ads = await startAdNetworkStandin({
    secret: SECRET,
    rewardAmount: 999,
    send: async (path) => {
      const r = await t.app.inject({ method: 'GET', url: path });
      return { status: r.statusCode, body: r.body };
    },
  });
  t = await createTestApp({ ads: { callbackSecret: SECRET, pageAllow: [ads.origin] } });
  finance = (await tokenWith(t.app, t.db, [RULES.manageFinance])).token;
  expect((await call(t.app, 'PUT', '/api/ads/settings', { token: finance, body: { page_url: ads.pageUrl, credits_per_view: 7, daily_cap: 2 } })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await t?.close();
  await ads?.close();
});

const callback = (query: string) => call(t.app, 'GET', `/api/ads/callback?${query}`);
const balance = async (token: string) => (await call(t.app, 'GET', '/api/credits/me', { token })).body.data.balance as number;

/** a view as the page starts it; `finish` is what the stand-in's button does */
async function startView(token: string) {
  const r = await call(t.app, 'POST', '/api/ads/views', { token });
  expect(r.status).toBe(200);
  const url = new URL(r.body.data.url);
  const finish = async () => {
    const res = await fetch(`${ads.origin}/finish`, {
      method: 'POST',
      body: new URLSearchParams({ trans_id: url.searchParams.get('trans_id')!, user_id: url.searchParams.get('user_id')! }),
    });
    expect(res.status).toBe(200);
    return ads.callbacks[ads.callbacks.length - 1];
  };
  return { id: r.body.data.id as string, url, finish };
}

test('settings: defaults, bounds on each field, the page must be under an allowed origin', async () => {
  const other = await createTestApp({ ads: { callbackSecret: undefined, pageAllow: [] } });
  try {
    const tok = (await tokenWith(other.app, other.db, [RULES.manageFinance])).token;
    const s = await call(other.app, 'GET', '/api/ads/settings', { token: tok });
    expect(s.body.data).toEqual({ credits_per_view: 10, daily_cap: 5, page_url: '', secret_set: false, page_allow: [] });
    // no secret, no page: the page says ads are not set up
    const user = (await tokenWith(other.app, other.db, [])).token;
    expect((await call(other.app, 'POST', '/api/ads/views', { token: user })).body.errorCode).toBe('AD_NOT_CONFIGURED');
  } finally {
    await other.close();
  }
  const put = (body: object) => call(t.app, 'PUT', '/api/ads/settings', { token: finance, body });
  for (const [body, field] of [
    [{ credits_per_view: 0 }, 'credits_per_view'],
    [{ credits_per_view: 100_001 }, 'credits_per_view'],
    [{ daily_cap: 0 }, 'daily_cap'],
    [{ page_url: 'https://elsewhere.example/ad' }, 'page_url'],
    [{ page_url: 'javascript:alert(1)' }, 'page_url'],
  ] as const) {
    const r = await put(body);
    expect(r.status).toBe(400);
    expect(r.body.field).toBe(field);
  }
  const plain = (await tokenWith(t.app, t.db, [])).token;
  expect((await call(t.app, 'PUT', '/api/ads/settings', { token: plain, body: { daily_cap: 3 } })).status).toBe(403);
  expect((await call(t.app, 'GET', '/api/ads/settings', { token: finance })).body.data).toMatchObject({
    credits_per_view: 7,
    daily_cap: 2,
    page_url: ads.pageUrl,
    secret_set: true,
  });
});

test("finishing the ad: the network's signed callback grants the setting's credits once, replays grant nothing more", async () => {
  const user = await tokenWith(t.app, t.db, []);
  const before = await balance(user.token);
  const v = await startView(user.token);
  expect(v.url.origin + v.url.pathname).toBe(ads.pageUrl);
  expect(v.url.searchParams.get('user_id')).toBe(user.id);
  expect((await call(t.app, 'GET', `/api/ads/views/${v.id}`, { token: user.token })).body.data).toMatchObject({ status: 'pending', credits: null });
  const cb = await v.finish();
  expect(cb.status).toBe(200);
  expect(JSON.parse(cb.body)).toEqual({ isValid: true });
  // the network's reward_amount is not trusted: the setting decides
  expect(await balance(user.token)).toBe(before + 7);
  const replay = await callback(cb.query);
  expect(replay.body).toEqual({ isValid: true });
  expect(await balance(user.token)).toBe(before + 7);
  expect((await call(t.app, 'GET', `/api/ads/views/${v.id}`, { token: user.token })).body.data).toMatchObject({
    status: 'rewarded',
    credits: 7,
    balance: before + 7,
    rewarded_today: 1,
    daily_cap: 2,
  });
  const entries = await call(t.app, 'GET', '/api/credits/history?kind=reward', { token: user.token });
  expect(entries.body.data).toHaveLength(1);
  // another user cannot read the view
  const other = await tokenWith(t.app, t.db, []);
  expect((await call(t.app, 'GET', `/api/ads/views/${v.id}`, { token: other.token })).status).toBe(404);
});

test("a bad, missing or wrongly keyed signature, an unknown view, another user's view: AD_CALLBACK_INVALID, nothing granted", async () => {
  const user = await tokenWith(t.app, t.db, []);
  const other = await tokenWith(t.app, t.db, []);
  const before = await balance(user.token);
  const v = await startView(user.token);
  const params = { trans_id: v.id, user_id: user.id };
  const refused = async (query: string) => {
    const r = await callback(query);
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('AD_CALLBACK_INVALID');
  };
  await refused(new URLSearchParams(params).toString());
  await refused(ads.signedQuery(params, 'wrong-secret'));
  await refused(`${ads.signedQuery(params)}&reward_amount=5`);
  await refused(ads.signedQuery({ ...params, trans_id: '00000000-0000-0000-0000-000000000000' }));
  await refused(ads.signedQuery({ ...params, user_id: other.id }));
  expect(await balance(user.token)).toBe(before);
  expect(await balance(other.token)).toBe(before);
  expect((await callback(ads.signedQuery(params))).body).toEqual({ isValid: true });
});

test('the daily cap: past it a finished view is marked capped and grants nothing; new views are refused', async () => {
  const user = await tokenWith(t.app, t.db, []);
  const before = await balance(user.token);
  const views = [await startView(user.token), await startView(user.token), await startView(user.token)];
  for (const v of views.slice(0, 2)) expect(JSON.parse((await v.finish()).body)).toEqual({ isValid: true });
  const capped = await views[2].finish();
  expect(capped.status).toBe(200);
  expect(JSON.parse(capped.body)).toEqual({ isValid: false });
  expect(await balance(user.token)).toBe(before + 14);
  expect((await call(t.app, 'GET', `/api/ads/views/${views[2].id}`, { token: user.token })).body.data).toMatchObject({ status: 'capped', rewarded_today: 2 });
  const next = await call(t.app, 'POST', '/api/ads/views', { token: user.token });
  expect(next.status).toBe(429);
  expect(next.body.errorCode).toBe('AD_DAILY_CAP_REACHED');
  // yesterday's rewards do not count today
  await t.db.execute(sql`UPDATE ad_views SET rewarded_at = rewarded_at - interval '1 day' WHERE user_id = ${user.id}`);
  expect((await call(t.app, 'POST', '/api/ads/views', { token: user.token })).status).toBe(200);
});

test('simultaneous callbacks of views over the cap grant only up to the cap', async () => {
  const user = await tokenWith(t.app, t.db, []);
  const before = await balance(user.token);
  const views = [await startView(user.token), await startView(user.token), await startView(user.token), await startView(user.token)];
  const answers = await Promise.all(views.map((v) => callback(ads.signedQuery({ trans_id: v.id, user_id: user.id }))));
  expect(answers.filter((a) => a.body.isValid)).toHaveLength(2);
  expect(await balance(user.token)).toBe(before + 14);
});

test("the console may frame the allowed ad pages' origins (CSP frame-src)", async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/health' });
  const frameSrc = String(r.headers['content-security-policy'])
    .split('; ')
    .find((d) => d.startsWith('frame-src '));
  expect(frameSrc?.split(' ')).toContain(ads.origin);
});
