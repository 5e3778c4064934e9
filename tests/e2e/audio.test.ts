/**
 * The audio pages in Chromium with a fake microphone, against the OpenAI stand-in: record, see the
 * waveform, transcribe it all (billed) and a dragged region, read a provider's error, send the
 * transcript to the chat; the device check shows the permission, the level and the formats; and
 * with the microphone blocked it says so and how to allow it. Screenshots in both themes and languages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { encodeWav } from '../../shared/audio';
import { startOpenAiStandin } from '../support/openai-standin';
import { api, confirmWith, BASE, CHROMIUM_ARGS, screenshot } from './browser';
import { makeUser, withDb } from './fixtures';
import { startE2EServer, type E2EServer } from './server';

const ADMIN = { username: 'audio_admin', password: 'Admin#2026' };
const USER = { username: 'audio_member', password: 'Member#2026' };
const WAVEFORM = '/pages/assistant/waveform/waveform';
const CHECK = '/pages/assistant/waveform/test';

let server: E2EServer;
let standin: Awaited<ReturnType<typeof startOpenAiStandin>>;
let adminToken: string;
let userId: string;
const browsers: Array<{ context: BrowserContext; dir: string }> = [];

/** Chromium with a fake microphone; `allow`: its permission granted without a prompt, else every prompt denied */
async function launch(allow: boolean): Promise<Page> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      allow ? '--use-fake-ui-for-media-stream' : '--deny-permission-prompts',
      '--autoplay-policy=no-user-gesture-required',
    ],
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  browsers.push({ context, dir });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20000);
  return page;
}

async function signIn(page: Page) {
  await page.goto(`${BASE()}/#/uni_modules/uni-id-pages/pages/login/login-withpwd`);
  await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  await page.reload();
  await page.locator('#username').fill(USER.username);
  await page.locator('#password').fill(USER.password);
  await page.getByText('Keep me signed in').click();
  await page.locator('#password').press('Enter');
  await page.waitForURL((u) => !u.hash.includes('login'));
}

async function addSpeechModel(name: string, providerModel: string, sort: number) {
  const r = await api(
    'POST',
    '/api/ai/models',
    {
      name,
      kind: 'speech-to-text',
      protocol: 'openai',
      base_url: standin.baseUrl,
      provider_model: providerModel,
      context_window: 16000,
      max_output_tokens: 500,
      input_price: 60,
      output_price: 1_000_000,
      enabled: true,
      sort,
    },
    adminToken,
  );
  expect(r.status).toBe(200);
}

/** the page has finished loading what it shows */
async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-spin-blur') && !document.querySelector('[data-testid=record]')?.hasAttribute('disabled'),
  );
  // the blur's fade-out
  await page.waitForTimeout(400);
}

const balance = async () => (await withDb((c) => c.query('SELECT score FROM users WHERE id = $1', [userId]))).rows[0].score as number;

beforeAll(async () => {
  [server, standin] = await Promise.all([startE2EServer(), startOpenAiStandin()]);
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  await makeUser(USER.username, USER.password);
  userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [USER.username])).rows[0].id as string);
  expect((await api('POST', '/api/credits/adjust', { user_id: userId, amount: 1000, reason: 'e2e starting credits' }, adminToken)).status).toBe(200);
  await addSpeechModel('Transcriber', 'echo', 1);
  await addSpeechModel('Broken transcriber', 'fail', 2);
  // the transcript goes to the chat, which needs a chat model to take it
  const chatModel = {
    name: 'Echo',
    protocol: 'openai',
    base_url: standin.baseUrl,
    api_key: 'sk-x',
    provider_model: 'echo',
    context_window: 16000,
    max_output_tokens: 200,
    input_price: 1,
    output_price: 1,
  };
  expect((await api('POST', '/api/ai/models', chatModel, adminToken)).status).toBe(200);
});
afterAll(async () => {
  for (const b of browsers) {
    await b.context.close().catch(() => undefined);
    fs.rmSync(b.dir, { recursive: true, force: true });
  }
  await Promise.all([server?.stop(), standin?.close()]);
});

describe('with a microphone', () => {
  let page: Page;
  beforeAll(async () => {
    page = await launch(true);
    await signIn(page);
  });

  it('records, shows the waveform, transcribes it all and a region, billed, and sends it to the chat', async () => {
    await page.goto(`${BASE()}/#${WAVEFORM}`);
    // the waveform page hides the left menu
    await page.getByTestId('record').click();
    await page.getByTestId('stop').waitFor();
    await page.waitForTimeout(2500);
    await page.getByTestId('stop').click();
    await page.getByTestId('recordings').locator('.ant-list-item').first().waitFor();
    await expect(page.getByTestId('current-name').innerText()).resolves.toMatch(/^Recording /);
    // wavesurfer draws into its shadow root
    await page.waitForFunction(() => !!document.querySelector('[data-testid=waveform] div')?.shadowRoot?.querySelector('canvas'));
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);

    const before = await balance();
    await page.getByTestId('transcribe-all').click();
    await expect(page.getByTestId('transcript').innerText()).resolves.toMatch(/^Stand-in transcript of 2\.\d seconds of audio\.$/);
    const whole = standin.transcriptions[standin.transcriptions.length - 1];
    expect(whole.mime).toBe('audio/wav');
    // no language picked: the provider detects it
    expect(whole.language).toBeNull();
    // the seconds at 60 a minute, and 7 output tokens at one credit each
    expect(before - (await balance())).toBe(Math.ceil(whole.seconds) + 7);
    await settled(page);
    await screenshot(page, 'audio-waveform-en');

    // a region dragged across the middle of the waveform
    const box = (await page.getByTestId('waveform').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.getByText(/^Region [\d.]+ s – [\d.]+ s$/).waitFor();
    // the spoken language, named by the browser in the console's language, goes to the provider
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option', { hasText: /^English$/ }).click();
    await page.getByTestId('transcribe-region').click();
    await page
      .getByText(/Stand-in transcript of 1\.\d seconds of audio\./)
      .first()
      .waitFor();
    const sent = standin.transcriptions[standin.transcriptions.length - 1];
    expect(sent.language).toBe('en');
    expect(sent.seconds).toBeGreaterThan(0.7);
    expect(sent.seconds).toBeLessThan(1.5);
    await settled(page);
    await screenshot(page, 'audio-region-en');

    await page.getByTestId('send-to-chat').click();
    await page.waitForURL((u) => u.hash.includes('/pages/assistant/chat/chat'));
    // read once the model list has arrived (the sender is enabled), not during the loading window
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLTextAreaElement>('.ant-sender textarea');
      return !!input && !input.disabled && /^Stand-in transcript of 1\.\d seconds of audio\.$/.test(input.value);
    });
  });

  it("shows a provider's error with its code and words, and it costs nothing", async () => {
    await page.goto(`${BASE()}/#${WAVEFORM}`);
    await page.getByTestId('recordings').locator('.ant-list-item').first().click();
    await page.getByTestId('transcript').waitFor();
    await page.getByTestId('model').click();
    await page.locator('.ant-select-item-option', { hasText: 'Broken transcriber' }).click();
    const before = await balance();
    await page.getByTestId('transcribe-all').click();
    const error = page.getByTestId('transcribe-error');
    await expect(error.innerText()).resolves.toContain('AI_PROVIDER_ERROR');
    await expect(error.innerText()).resolves.toContain('stand-in transcription failure');
    expect(await balance()).toBe(before);
  });

  it('uploads a file, then deletes it after a confirmation', async () => {
    await page.goto(`${BASE()}/#${WAVEFORM}`);
    const items = page.getByTestId('recordings').locator('.ant-list-item');
    await items.first().waitFor();
    const before = await items.count();
    const tone = encodeWav(
      Float32Array.from({ length: 16000 }, (_, i) => 0.3 * Math.sin(i / 5)),
      16000,
    );
    await page.locator('input[type=file]').setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: Buffer.from(tone) });
    await page.getByTestId('current-name').getByText('tone.wav').waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=recordings] .ant-list-item').length === n, before + 1);
    await items.filter({ hasText: 'tone.wav' }).getByRole('button', { name: 'Delete' }).click();
    await confirmWith(page, /OK|Yes/);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=recordings] .ant-list-item').length === n, before);
    expect(await withDb(async (c) => (await c.query("SELECT count(*)::int AS n FROM audio_recordings WHERE name = 'tone.wav'")).rows[0].n)).toBe(0);
  });

  it('the device check shows the permission, a live level, a test recording and the formats', async () => {
    await page.goto(`${BASE()}/#${CHECK}`);
    await page.getByTestId('request-mic').click();
    await expect(page.getByTestId('permission').innerText()).resolves.toBe('Allowed');
    // the fake device plays a beep: the meter moves
    await page.waitForFunction(
      () =>
        Number(
          document
            .querySelector('[data-testid=level] .ant-progress-bg, [data-testid=level] .ant-progress-inner > div')
            ?.getAttribute('style')
            ?.match(/width:\s*([\d.]+)%/)?.[1] ?? 0,
        ) > 0,
    );
    const row = page.locator('tr', { hasText: 'audio/webm;codecs=opus' });
    await expect(row.innerText()).resolves.toContain('Yes');
    await page.getByTestId('test-record').click();
    await page.getByTestId('playback').waitFor({ timeout: 12000 });
    await screenshot(page, 'audio-check-en');
  });

  it('the same pages in Chinese on the green theme', async () => {
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    await page.goto(`${BASE()}/#${WAVEFORM}`);
    await page.reload();
    await page.getByText('我的录音').waitFor();
    await page.getByTestId('recordings').locator('.ant-list-item', { hasText: 'Recording' }).first().click();
    await page.getByTestId('transcript').waitFor();
    await settled(page);
    await screenshot(page, 'audio-waveform-zh-green');
    await page.goto(`${BASE()}/#${CHECK}`);
    await page.getByText('此浏览器支持的录音格式').waitFor();
    await screenshot(page, 'audio-check-zh-green');
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'en-US');
      localStorage.setItem('theme', 'default');
    });
  });
});

describe('with the microphone blocked', () => {
  it('the device check and the recorder say it is blocked and how to allow it', async () => {
    const page = await launch(false);
    await signIn(page);
    await page.goto(`${BASE()}/#${CHECK}`);
    await page.getByTestId('request-mic').click();
    const error = page.getByTestId('mic-error');
    await expect(error.innerText()).resolves.toContain('Microphone access is blocked for this site.');
    await expect(error.innerText()).resolves.toContain('set Microphone to Allow');
    await expect(page.getByTestId('permission').innerText()).resolves.toBe('Blocked');
    await screenshot(page, 'audio-check-denied-en');
    await page.goto(`${BASE()}/#${WAVEFORM}`);
    await page.getByTestId('record').click();
    await page.getByText('Microphone access is blocked for this site.').waitFor();
  });
});
