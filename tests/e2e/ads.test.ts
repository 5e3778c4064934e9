/**
 * Rewarded ads in Chromium: a user opens the ad page, the stand-in network's ad shows in the
 * frame, "Finish the ad" makes the network send its signed callback, and the page shows the
 * credits, the new balance (also in the top bar) and that today's cap (1 here) is reached.
 */
import type { Page } from 'playwright-core';
import { type AdNetworkStandin, startAdNetworkStandin } from '../support/ad-network-standin';
import { api, BASE, e2eSession, screenshot } from './browser';
import { makeRole, makeUser } from './fixtures';

const SECRET = 'e2e-ad-secret';
const ADMIN = { username: 'ads_admin', password: 'Admin#2026' };
const USER = { username: 'ads_viewer', password: 'Viewer#2026' };

let ads: AdNetworkStandin;
beforeAll(async () => {
  // the console's address is known once its server runs: the callback reads it then
  ads = await startAdNetworkStandin({
    secret: SECRET,
    send: async (path) => {
      const r = await fetch(`${BASE()}${path}`);
      return { status: r.status, body: await r.text() };
    },
  });
});
afterAll(() => ads?.close());

const session = e2eSession(
  'e2e-ads',
  async () => {
    const admin = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
    const saved = await api('PUT', '/api/ads/settings', { page_url: ads.pageUrl, credits_per_view: 15, daily_cap: 1 }, admin);
    expect(saved.status).toBe(200);
    await makeRole('viewer', []);
    await makeUser(USER.username, USER.password, ['viewer']);
  },
  { env: () => ({ AD_CALLBACK_SECRET: SECRET, AD_PAGE_ALLOW: ads.origin }) },
);
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

describe('rewarded ads', () => {
  it('the ad shows in the frame; finishing it rewards the credits once and says the daily cap is reached', async () => {
    await signIn(USER.username, USER.password);
    await go('/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview');
    const frame = page.frameLocator('[data-testid="ad-frame"]');
    await frame.getByText('Stand-in ad').waitFor();
    await screenshot(page, 'ads-frame-en');
    const before = Number((await page.getByTestId('top-bar-score').innerText()).replace(/\D/g, ''));
    await frame.getByRole('button', { name: 'Finish the ad' }).click();
    await page
      .getByTestId('ad-reward')
      .getByText(`+15 credits, balance ${before + 15}`)
      .waitFor({ timeout: 15000 });
    await page.getByTestId('ad-capped').getByText("Today's cap is reached: 1 rewarded ads a day").waitFor();
    await page
      .getByTestId('top-bar-score')
      .getByText(String(before + 15))
      .waitFor();
    expect(ads.callbacks).toHaveLength(1);
    expect(JSON.parse(ads.callbacks[0].body)).toEqual({ isValid: true });
    await screenshot(page, 'ads-rewarded-en');

    // past the cap the page says so instead of showing another ad
    await page.reload();
    await page.getByText("You have had today's 1 ad rewards").waitFor();
  });
});
