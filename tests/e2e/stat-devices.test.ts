/**
 * The device and user report pages in Chromium over seeded rollup rows: a holder of READ_UNI_STAT
 * (through a role) sees today's figures on the overview, a platform tab and another date range
 * change them, a range without data shows the empty state, every one of the twelve pages opens
 * with its data; screenshots in English, in Chinese and in the green theme.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { addDays, DEPTH_BUCKETS, DURATION_BUCKETS, statDay, statDayStart } from '../../shared/stat';
import { api, e2eSession, screenshot } from './browser';
import { keepStatActivity, makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'stat_dev_admin', password: 'Admin#2026' };
const READER = { username: 'stat_dev_reader', password: 'Reader#2026' };
const APP = '__UNI__E2EDEV';
const TODAY = statDay(Date.now(), 480);
const YESTERDAY = addDays(TODAY, -1);
const OVERVIEW = '/pages/uni-stat/device/overview/overview';
/** the local hour now (UTC+8) */
const HOUR_NOW = Math.floor((Date.now() - statDayStart(TODAY, 480).getTime()) / 3_600_000);
/**
 * a local hour of a local day as a UTC instant (UTC+8), no later than the hour now: the overview
 * counts today only up to now and yesterday up to the same time, so a seeded 10:00 would not
 * count before 10:00 (the check failed every night from midnight, UTC+8)
 */
const at = (day: string, hour: number) => new Date(statDayStart(day, 480).getTime() + Math.min(hour, HOUR_NOW) * 3_600_000).toISOString();
/** the hour the trend by hour shows the seeded sessions in */
const SEEDED_HOUR = `${String(Math.min(2, HOUR_NOW)).padStart(2, '0')}:00`;

async function seed() {
  await withDb(async (c) => {
    const q = (text: string, values: unknown[] = []) => c.query(text, values);
    await q(`INSERT INTO apps (appid, name) VALUES ($1, 'E2E stats app') ON CONFLICT DO NOTHING`, [APP]);
    const devices: [string, string, string][] = [
      ['dev-e2e-1', YESTERDAY, 'web'],
      ['dev-e2e-2', TODAY, 'web'],
      ['dev-e2e-3', TODAY, 'ios'],
      ['dev-e2e-4', TODAY, 'web'],
    ];
    for (const [id, day, platform] of devices)
      await q(
        `INSERT INTO stat_devices (app_id, device_id, first_ts, first_day, last_day, platform, channel, version)
          VALUES ($1, $2, $5, $3, $3, $4, '', '1.0.0')`,
        [APP, id, day, platform, at(day, 10)],
      );
    // [day, device, platform, sessions, page views, seconds, uid]
    const days: [string, string, string, number, number, number, string | null][] = [
      [YESTERDAY, 'dev-e2e-1', 'web', 1, 6, 20, null],
      [TODAY, 'dev-e2e-1', 'web', 2, 4, 120, 'user-e2e-1'],
      [TODAY, 'dev-e2e-2', 'web', 1, 2, 60, null],
      [TODAY, 'dev-e2e-3', 'ios', 1, 1, 30, null],
      [TODAY, 'dev-e2e-4', 'web', 1, 1, 30, null],
    ];
    let sid = 0;
    // as the rollup keeps them: each device day with the stickiness buckets of its sessions, and
    // the days' figures (stat_daily, where the filter bar's platforms come from too)
    const bucket = (v: number, buckets: readonly { min: number; max: number | null }[]) =>
      buckets.findIndex((b) => v >= b.min && (b.max === null || v <= b.max));
    const daily = new Map<
      string,
      { sessions: number; pv: number; dur: number; depth: number[]; duration: number[]; depthUsers: number[]; durationUsers: number[] }
    >();
    const userMasks = new Map<string, [number, number]>();
    for (const [day, id, platform, sessions, pv, dur, uid] of days) {
      const [pages, secs] = [Math.max(1, Math.round(pv / sessions)), Math.round(dur / sessions)];
      const zeros = (n: number) => Array.from({ length: n }, () => 0);
      const d = daily.get(`${day}|${platform}`) ?? {
        sessions: 0,
        pv: 0,
        dur: 0,
        depth: zeros(DEPTH_BUCKETS.length),
        duration: zeros(DURATION_BUCKETS.length),
        depthUsers: zeros(DEPTH_BUCKETS.length),
        durationUsers: zeros(DURATION_BUCKETS.length),
      };
      Object.assign(d, { sessions: d.sessions + sessions, pv: d.pv + pv, dur: d.dur + dur });
      d.depth[bucket(pages, DEPTH_BUCKETS)] += sessions;
      d.duration[bucket(secs, DURATION_BUCKETS)] += sessions;
      if (uid) {
        d.depthUsers[bucket(pages, DEPTH_BUCKETS)] += sessions;
        d.durationUsers[bucket(secs, DURATION_BUCKETS)] += sessions;
        userMasks.set(`${day}|${uid}`, [1 << bucket(pages, DEPTH_BUCKETS), 1 << bucket(secs, DURATION_BUCKETS)]);
      }
      daily.set(`${day}|${platform}`, d);
      await q(
        `INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version, uid, sessions, page_views, duration_s, depth_mask, duration_mask)
          VALUES ($1, $2, $3, $4, '', '1.0.0', $5, $6, $7, $8, $9, $10)`,
        [APP, day, id, platform, uid, sessions, pv, dur, 1 << bucket(pages, DEPTH_BUCKETS), 1 << bucket(secs, DURATION_BUCKETS)],
      );
      for (let i = 0; i < sessions; i++)
        await q(
          `INSERT INTO stat_sessions (app_id, day, sid, device_id, uid, platform, channel, version, scene, started_at, ended_at, entry_page, exit_page, page_count, event_count, duration_s)
            VALUES ($1, $2, $3, $4, $5, $6, '', '1.0.0', '', $9::timestamptz, $9::timestamptz + make_interval(secs => $8), 'pages/index', 'pages/index', $7, 0, $8)`,
          [APP, day, `sid-e2e-${++sid}`, id, uid, platform, Math.max(1, Math.round(pv / sessions)), Math.round(dur / sessions), at(day, 2)],
        );
    }
    for (const [key, d] of daily) {
      const [day, platform] = key.split('|');
      await q(
        `INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions, page_views, duration_s, depth_sessions, duration_sessions,
            depth_user_sessions, duration_user_sessions)
          VALUES ($1, $2, $3, '', '1.0.0', $4, $5, $6, $7, $8, $9, $10)`,
        [day, APP, platform, d.sessions, d.pv, d.dur, d.depth, d.duration, d.depthUsers, d.durationUsers],
      );
    }
    await q(
      `INSERT INTO stat_users (app_id, uid, first_ts, first_day, last_day, platform, channel, version) VALUES ($1, 'user-e2e-1', now(), $2, $2, 'web', '', '1.0.0')`,
      [APP, TODAY],
    );
    await q(
      `INSERT INTO stat_user_days (app_id, day, uid, platform, channel, version, sessions, page_views, duration_s, depth_mask, duration_mask)
        VALUES ($1, $2, 'user-e2e-1', 'web', '', '1.0.0', 2, 4, 120, $3, $4)`,
      [APP, TODAY, ...(userMasks.get(`${TODAY}|user-e2e-1`) ?? [0, 0])],
    );
    for (const [path, title, views] of [
      ['pages/index', 'Home', 5],
      ['pages/about', 'About us', 3],
    ] as const)
      await q(
        `INSERT INTO stat_pages (day, app_id, platform, channel, version, path, title, views, visitors, entries, exits, bounces, duration_s, entry_duration_s)
          VALUES ($1, $2, 'web', '', '1.0.0', $3, $4, $5, 1, 1, 1, 0, 40, 0)`,
        [TODAY, APP, path, title, views],
      );
    await q(
      `INSERT INTO stat_retention (app_id, subject, mode, cohort_day, n, platform, channel, version, cohort, retained) VALUES ($1, 'device', 'new', $2, 1, 'web', '', '1.0.0', 1, 1)`,
      [APP, YESTERDAY],
    );
    await q(
      `INSERT INTO stat_hourly (hour, app_id, platform, channel, version, sessions, page_views, active_devices, active_users, duration_s)
        VALUES ($1, $2, 'web', '', '1.0.0', 4, 7, 3, 1, 210)`,
      [at(TODAY, 2), APP],
    );
  });
  await keepStatActivity(APP, [YESTERDAY, TODAY]);
}

const session = e2eSession('e2e-stat-devices', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeRole('stat_dev_readers', ['READ_UNI_STAT']);
  await makeUser(READER.username, READER.password, ['stat_dev_readers']);
  await seed();
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('.ant-statistic-content');
const ready = (testId: string) => page.locator(`[data-testid="${testId}"][data-state="ready"]`).waitFor({ timeout: 30_000 });

describe('device and user reports', () => {
  it('the overview shows the day figures; a platform and another range change them; an empty range says so', async () => {
    await signIn(READER.username, READER.password);
    await go(OVERVIEW);
    await ready('panel-figures');
    await figure('new').getByText('3', { exact: true }).waitFor();
    await figure('active').getByText('4', { exact: true }).waitFor();
    await figure('page-views').getByText('8', { exact: true }).waitFor();
    await figure('total').getByText('4', { exact: true }).waitFor();
    // 4 devices today against 1 yesterday
    await page.getByTestId('figure-active').getByText('300%').waitFor();
    await page
      .getByTestId('table-pages')
      .getByRole('row', { name: /pages\/about\s*About us\s*3/ })
      .waitFor();
    await page.getByTestId('chart-trend').locator('canvas').first().waitFor();
    await page.getByTestId('chart-platforms').getByText('iOS').waitFor();
    await page.waitForTimeout(800); // the charts' entry animation, for the screenshot
    await screenshot(page, 'stat-device-overview-en');

    await page.locator('.ant-segmented').getByText('iOS', { exact: true }).click();
    await figure('active').getByText('1', { exact: true }).waitFor();
    await figure('page-views').getByText('1', { exact: true }).waitFor();
    await page.locator('.ant-segmented').getByText('All platforms', { exact: true }).click();
    await figure('page-views').getByText('8', { exact: true }).waitFor();

    await page.locator('.ant-picker-range').click();
    await page.locator('.ant-picker-presets').getByText('Yesterday', { exact: true }).click();
    await figure('page-views').getByText('6', { exact: true }).waitFor();
    await figure('new').getByText('1', { exact: true }).waitFor();
    expect(new URL(page.url().replace('/#/', '/')).searchParams.get('start')).toBe(YESTERDAY);

    await go(`${OVERVIEW}?app_id=${APP}&start=2025-01-01&end=2025-01-07`);
    await page.locator('[data-testid="panel-trend"][data-state="empty"]').getByText('No data in this range').waitFor();
    await screenshot(page, 'stat-device-overview-empty-en');
    // the next pages open on their own ranges, not this one carried from page to page
    await page.evaluate(() => sessionStorage.clear());
  });

  it('opens each of the twelve pages with its data', async () => {
    const panels = {
      overview: 'panel-figures',
      activity: 'panel-active',
      trend: 'panel-trend',
      retention: 'panel-table',
      comparison: 'panel-platforms',
      stickiness: 'panel-depth',
    };
    for (const subject of ['device', 'user'])
      for (const [report, panel] of Object.entries(panels)) {
        await go(`/pages/uni-stat/${subject}/${report}/${report}?app_id=${APP}`);
        await ready(panel);
        if (subject === 'device' && report === 'retention') {
          await page.getByTestId('table-retention').getByText('100%').waitFor();
          // by week: the cohorts are weeks, the columns weeks after
          await page.getByTestId('retention-unit').getByText('Week', { exact: true }).click();
          await page.getByTestId('table-retention').getByRole('columnheader', { name: 'Week 1', exact: true }).waitFor();
          await page.getByTestId('table-retention').getByRole('columnheader', { name: 'Cohort week (from Monday)' }).waitFor();
        }
        if (subject === 'device' && report === 'stickiness') await page.getByTestId('table-depth').getByText('1 pages').waitFor();
        if (subject === 'device' && report === 'comparison') {
          // the two periods' table: each side's app and days shown whole, no sideways scroll
          await ready('panel-sides');
          const sides = page.getByTestId('table-sides');
          await sides
            .getByRole('columnheader', { name: / to \d{4}-\d{2}-\d{2}$/ })
            .first()
            .waitFor();
          const overflow = await sides.evaluate((el) =>
            [...el.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')].some((c) => c.scrollWidth > c.clientWidth + 1),
          );
          expect(overflow).toBe(false);
        }
        if (subject === 'user' && report === 'overview') await figure('active').getByText('1', { exact: true }).waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `stat-${subject}-${report}-en`);
      }
    // today's trend by hour: the seeded hour is 02:00 local (or the hour now, before 02:00)
    await go(`/pages/uni-stat/device/trend/trend?app_id=${APP}&start=${TODAY}&end=${TODAY}`);
    await ready('panel-table');
    await page.getByTestId('table-trend').getByText(`${TODAY} ${SEEDED_HOUR}`).waitFor();
    const byDay = page.waitForResponse((r) => r.url().includes('/api/stat/devices/trend?') && r.url().includes('granularity=day'));
    await page.getByText('By day', { exact: true }).click();
    await byDay;
    await page
      .getByTestId('table-trend')
      .getByRole('row', { name: new RegExp(`^${TODAY}\\s*3\\s*4\\s*5`) })
      .waitFor();
  });

  it('in Chinese, and in the green theme', async () => {
    await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
    await go(`${OVERVIEW}?app_id=${APP}`);
    await page.reload();
    await ready('panel-figures');
    await page.getByText(`${TODAY} 的关键指标`).waitFor();
    await page.getByText('受访页面 Top 10').waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'stat-device-overview-zh-CN');
    await go(`/pages/uni-stat/user/retention/retention?app_id=${APP}`);
    await ready('panel-table');
    await page.getByText('留存明细').waitFor();
    await screenshot(page, 'stat-user-retention-zh-CN');
    // the cohort table's export: Chinese headers, today's cohort of one user, days to come empty
    const download = page.waitForEvent('download');
    await page
      .getByTestId('panel-table')
      .getByRole('button', { name: /导出 CSV/ })
      .click();
    const csv = fs
      .readFileSync((await (await download).path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0].split(',').slice(0, 4)).toEqual(['日期', '新增用户', '1 天后 (%)', '1 天后 (用户数)']);
    expect(csv.slice(1)).toEqual([`${TODAY},1${',,'.repeat(9)}`]);

    await page.evaluate(() => (localStorage.setItem('umi_locale', 'en-US'), localStorage.setItem('theme', 'green')));
    await go(`/pages/uni-stat/device/activity/activity?app_id=${APP}`);
    await page.reload();
    await ready('panel-active');
    await page.getByText('Active over time').waitFor();
    // the first series takes the green theme's primary colour (a green, whatever its shade)
    await page.waitForFunction(() => {
      const swatch = document.querySelector('[data-testid="chart-active"] ul li span');
      const [r, g, b] = (swatch ? (getComputedStyle(swatch).backgroundColor.match(/\d+/g) ?? []) : []).map(Number);
      return g > r + 40 && g > b + 40;
    });
    await page.waitForTimeout(800);
    await screenshot(page, 'stat-device-activity-green-en');
    await page.evaluate(() => localStorage.setItem('theme', 'default'));
  });
});
