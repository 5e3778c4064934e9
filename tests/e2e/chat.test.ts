/**
 * The AI chat in Chromium against the local OpenAI stand-in: without a model the page says so
 * (with a link for admins); a user sees an answer grow while it streams, its usage line and the
 * balance fall; stops a slow answer (the provider request stops too); regenerates and switches
 * between alternatives; edits a question into a branch; sees a code block and a formula rendered
 * while HTML in an answer stays inert; exports; searches Chinese text, renames, pins, deletes;
 * sets a system prompt; reads a provider's error; and runs out of credits with a clear message.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { until } from '../support/until';
import { api, confirmWith, e2eSession, storedToken } from './browser';
import { makeUser, withDb } from './fixtures';

const ADMIN = { username: 'chat_admin', password: 'Admin#2026' };
const USER = { username: 'chat_member', password: 'Member#2026' };
const CHAT = '/pages/assistant/chat/chat';

let standin: Standin;
let adminToken: string;
let userId: string;

const session = e2eSession('chat', async () => {
  // slow enough to watch an answer grow, fast enough for the test
  standin = await startOpenAiStandin({ tokenDelayMs: 25 });
  const reg = await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  adminToken = reg.body.data.token;
  await makeUser(USER.username, USER.password);
  userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [USER.username])).rows[0].id as string);
  const grant = await api('POST', '/api/credits/adjust', { user_id: userId, amount: 10000, reason: 'e2e starting credits' }, adminToken);
  expect(grant.status).toBe(200);
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

async function addModel(name: string, providerModel: string, sort: number) {
  const r = await api(
    'POST',
    '/api/ai/models',
    {
      name,
      protocol: 'openai',
      base_url: standin.baseUrl,
      api_key: 'sk-stand-in',
      provider_model: providerModel,
      context_window: 16000,
      max_output_tokens: 500,
      input_price: 100_000,
      output_price: 100_000,
      enabled: true,
      sort,
    },
    adminToken,
  );
  expect(r.status).toBe(200);
}

const input = () => page.locator('.ant-sender textarea');
const lastAnswer = () => page.locator('.chat-message-assistant').last();
const lastQuestion = () => page.locator('.chat-message-user').last();
const answerText = (bubble: Locator) => bubble.locator('.md-body').innerText();

async function balance(): Promise<number> {
  // the top bar's on a wide screen, the chat header's on a narrow one: shown once either way
  const text = await page.locator('[data-testid="top-bar-score"], .chat-balance').first().innerText();
  const m = /(\d+)/.exec(text.replace(/,/g, ''));
  if (!m) throw new Error(`no balance in "${text}"`);
  return Number(m[1]);
}

/** the shown answer's id and status, read in one go */
const lastAnswerState = () =>
  page.evaluate(() => {
    const el = [...document.querySelectorAll('.chat-message-assistant')].pop();
    return el ? { id: el.getAttribute('data-message-id'), status: el.getAttribute('data-status') } : null;
  });

let previousAnswer: string | null | undefined = null;
/** remembers the answer shown now, so that answered() waits for the next one */
async function mark() {
  previousAnswer = (await lastAnswerState())?.id;
}

async function send(text: string) {
  await mark();
  await input().fill(text);
  await input().press('Enter');
}

/** waits until a new answer is shown and has ended (its usage line is there) */
async function answered() {
  await pollUntil(
    async () => {
      const s = await lastAnswerState();
      return !!s && s.id !== previousAnswer && s.status !== 'streaming';
    },
    'a new answer to end',
    20000,
  );
  await lastAnswer().locator('.chat-meta-line').waitFor();
}

async function pollUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(50);
  }
}

describe('AI chat', () => {
  it('without a model the page says so: an admin gets a link to the model page, a user is told to ask', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(CHAT);
    await page.getByText('No AI model is configured yet').waitFor();
    expect(await page.getByRole('link', { name: 'Add a model' }).getAttribute('href')).toContain('/pages/ai-model/list');

    await signIn(USER.username, USER.password);
    await go(CHAT);
    await page.getByText('Ask an administrator to add one.').waitFor();
    expect(await page.getByText('Add a model').count()).toBe(0);
    expect(await input().count()).toBe(0);
  });

  it('a user chats: Shift+Enter makes a new line, Enter sends, the answer grows while streaming, then shows its usage; the balance falls', async () => {
    await addModel('Echo stand-in', 'echo', 1);
    await addModel('Slow stand-in', 'slow', 2);
    await page.reload();
    await input().waitFor();
    await pollUntil(async () => (await balance()) === 10000, 'the balance');

    await input().fill('first line');
    await input().press('Shift+Enter');
    await input().pressSequentially('second line [[tokens:60]]');
    expect(await input().inputValue()).toBe('first line\nsecond line [[tokens:60]]');
    await input().press('Enter');

    // the question is shown at once with its line break, and the answer arrives in pieces
    await lastQuestion().getByText('second line').waitFor();
    expect(await lastQuestion().locator('.chat-user-text').innerText()).toBe('first line\nsecond line [[tokens:60]]');
    await lastAnswer().getByText('w3', { exact: false }).waitFor();
    const early = (await answerText(lastAnswer())).length;
    expect(await lastAnswer().getAttribute('data-status')).toBe('streaming');
    await pollUntil(async () => (await answerText(lastAnswer())).length > early, 'the answer to grow');
    await answered();
    expect(await answerText(lastAnswer())).toMatch(/^w1 w2 .* w60$/);

    const meta = await lastAnswer().locator('.chat-meta-line').innerText();
    expect(meta).toContain('Echo stand-in');
    expect(meta).toMatch(/\d+ in \/ 60 out tokens/);
    expect(meta).toMatch(/\d+ credits/);
    expect(meta).toMatch(/first token \d+ ms/);
    expect(meta).toMatch(/total \d+\.\d s/);

    const after = await balance();
    expect(after).toBeLessThan(10000);
    expect(Number(await page.evaluate(() => localStorage.getItem('uni_id_score')))).toBe(after);
    // the top bar follows the stored score
    expect(await page.getByTestId('top-bar-score').innerText()).toContain(String(after));
    const me = await api('GET', '/api/credits/me', undefined, (await storedToken(page))!);
    expect(me.body.data.balance).toBe(after);

    // the input is empty and focused for the next question; the conversation is in the list
    expect(await input().inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await page.locator('.chat-conversation').count()).toBe(1);
  });

  it('a code block and a formula are rendered; HTML in an answer stays text and never runs', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // the KaTeX fonts come from the console's own build, inside the Content-Security-Policy
    await page.evaluate(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const reply =
      'Code:\\n\\n```js\\nconst answer = 42;\\n```\\n\\n$$\\nE = mc^2\\n$$\\n\\n<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>';
    await send(`[[reply:${reply}]]`);
    await answered();
    const answer = lastAnswer();
    expect(await answer.locator('.md-code-lang').innerText()).toBe('js');
    expect(await answer.locator('pre code .hljs-keyword').first().innerText()).toBe('const');
    expect(await answer.locator('.katex-display .katex').count()).toBe(1);
    expect(await answer.locator('.md-body img, .md-body script').count()).toBe(0);
    expect(await answerText(answer)).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.evaluate(() => document.fonts.ready);
    const katexFonts = await page.evaluate(() => [...document.fonts].filter((f) => f.family.startsWith('KaTeX') && f.status === 'loaded').map((f) => f.family));
    expect(katexFonts).toEqual(expect.arrayContaining(['KaTeX_Main', 'KaTeX_Math']));
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);

    await answer.getByRole('button', { name: 'Copy code', exact: true }).click();
    await page.getByText('Code copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42;');
    await answer.locator('.chat-actions').getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
  });

  it('Stop ends a slow answer, keeps what was written, and stops the provider request', async () => {
    await page.locator('.chat-model-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Slow stand-in' }).click();
    const before = await balance();
    await send('[[tokens:200]]');
    await lastAnswer().getByText('w3', { exact: false }).waitFor();
    await page.locator('.chat-stop').click();
    await answered();
    expect(await lastAnswer().getAttribute('data-status')).toBe('stopped');
    await lastAnswer().getByText('Stopped', { exact: true }).waitFor();
    const kept = await answerText(lastAnswer());
    expect(kept).toMatch(/^w1 w2 w3/);
    expect(kept).not.toContain('w200');
    const call = standin.requests[standin.requests.length - 1];
    expect(call.model).toBe('slow');
    await pollUntil(() => call.aborted, 'the provider request to be closed');
    expect(call.chunksSent).toBeLessThan(200);
    // billed for what was generated
    expect(await balance()).toBeLessThan(before);

    await page.locator('.chat-model-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Echo stand-in' }).click();
  });

  it('Regenerate keeps the alternatives behind a "2 / 2" switcher; editing a question starts a branch', async () => {
    const stopped = await answerText(lastAnswer());
    await mark();
    await lastAnswer().getByRole('button', { name: 'Regenerate', exact: true }).click();
    await lastAnswer().locator('.chat-switcher-position').getByText('2 / 2').waitFor();
    await answered();
    const regenerated = await answerText(lastAnswer());
    expect(regenerated).toMatch(/w200$/);

    await lastAnswer().getByRole('button', { name: 'Previous version', exact: true }).click();
    await lastAnswer().locator('.chat-switcher-position').getByText('1 / 2').waitFor();
    expect(await answerText(lastAnswer())).toBe(stopped);
    await lastAnswer().getByRole('button', { name: 'Next version', exact: true }).click();
    await lastAnswer().locator('.chat-switcher-position').getByText('2 / 2').waitFor();

    await mark();
    await lastQuestion().getByRole('button', { name: 'Edit and resend', exact: true }).click();
    const edit = lastQuestion().locator('textarea');
    await edit.fill('An edited question');
    await edit.press('Enter');
    await lastQuestion().getByText('An edited question').waitFor();
    await lastQuestion().locator('.chat-switcher-position').getByText('2 / 2').waitFor();
    await answered();
    expect(await answerText(lastAnswer())).toBe('Echo: An edited question');

    // back on the first version of the question, its own answers come back
    await lastQuestion().getByRole('button', { name: 'Previous version', exact: true }).click();
    await lastQuestion().getByText('[[tokens:200]]').waitFor();
    expect(await answerText(lastAnswer())).toBe(regenerated);
    await lastQuestion().getByRole('button', { name: 'Next version', exact: true }).click();
    await lastQuestion().getByText('An edited question').waitFor();
  });

  it('exports the conversation as Markdown (the shown branch) and as JSON (everything)', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByText('Markdown (.md)').click()]);
    expect(md.suggestedFilename()).toMatch(/\.md$/);
    const markdown = fs.readFileSync((await md.path())!, 'utf8');
    expect(markdown).toContain('An edited question');
    expect(markdown).toContain('Echo: An edited question');

    await page.getByRole('button', { name: 'Export' }).click();
    const [js] = await Promise.all([page.waitForEvent('download'), page.getByText('JSON (.json)').click()]);
    expect(js.suggestedFilename()).toMatch(/\.json$/);
    const doc = JSON.parse(fs.readFileSync((await js.path())!, 'utf8'));
    const contents = (doc.messages as { content: string }[]).map((m) => m.content);
    expect(contents).toContain('[[tokens:200]]');
    expect(contents).toContain('An edited question');
  });

  it('searches Chinese text on the server, renames inline, pins and deletes with a confirmation', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await send('请介绍一下长城的历史');
    await answered();
    await pollUntil(async () => (await page.locator('.chat-conversation').count()) === 2, 'two conversations');

    const search = page.getByPlaceholder('Search conversations');
    await search.fill('长城');
    await pollUntil(async () => (await page.locator('.chat-conversation').count()) === 1, 'the search to narrow the list');
    await page.locator('.chat-conversation').first().getByText('长城', { exact: false }).first().waitFor();
    await search.fill('');
    await pollUntil(async () => (await page.locator('.chat-conversation').count()) === 2, 'the full list');

    const first = page.locator('.chat-conversation').first();
    await first.hover();
    await first.getByRole('button', { name: 'Rename', exact: true }).click();
    await first.locator('input').fill('长城会话');
    await first.locator('input').press('Enter');
    await page.locator('.chat-conversation').getByText('长城会话').waitFor();

    // pinning the older conversation puts it first
    const older = page.locator('.chat-conversation').nth(1);
    const olderId = await older.getAttribute('data-conversation-id');
    await older.hover();
    await older.getByRole('button', { name: 'Pin', exact: true }).click();
    await pollUntil(async () => (await page.locator('.chat-conversation').first().getAttribute('data-conversation-id')) === olderId, 'the pinned one first');
    await page.locator('.chat-conversation').first().getByLabel('Pinned', { exact: true }).waitFor();

    const doomed = page.locator('.chat-conversation').filter({ hasText: '长城会话' });
    await doomed.hover();
    await doomed.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmWith(page, 'Delete');
    await page.getByText('Conversation deleted').waitFor();
    await pollUntil(async () => (await page.locator('.chat-conversation').count()) === 1, 'the list without it');
  });

  it('a system prompt set in the settings of a new chat goes to the model with its questions', async () => {
    // the last test deleted the conversation it was on: this is a new chat
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByPlaceholder('For example: answer briefly, in English').fill('Always answer like a pirate.');
    await page.locator('.ant-popover').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await send('Who are you?');
    await answered();
    const call = standin.requests[standin.requests.length - 1];
    expect(call.system).toBe('Always answer like a pirate.');
    expect(call.messages[call.messages.length - 1].content).toBe('Who are you?');
  });

  it('parameters set in the settings go with the next question exactly; emptied, the model decides again', async () => {
    const popover = page.locator('.ant-popover');
    const saveSettings = async () => {
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/chat\/conversations\/[^/]+$/.test(r.url()));
      await popover.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
    };
    await page.getByRole('button', { name: 'Settings' }).click();
    await popover.locator('#chat-param-temperature').fill('0.4');
    await popover.locator('#chat-param-max_tokens').fill('50');
    await saveSettings();
    await send('Tuned?');
    await answered();
    expect(standin.requests[standin.requests.length - 1]).toMatchObject({ temperature: 0.4, topP: null, maxTokens: 50 });

    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await popover.locator('#chat-param-temperature').inputValue()).toBe('0.40');
    await popover.getByRole('button', { name: 'Back to the model’s defaults' }).click();
    await saveSettings();
    await send('Defaults?');
    await answered();
    // the pirate prompt stays; the model's own temperature and its longest answer (500) again
    expect(standin.requests[standin.requests.length - 1]).toMatchObject({ system: 'Always answer like a pirate.', temperature: null, maxTokens: 500 });
  });

  it('keyboard: Shift+Esc to the input, Esc stops an answer, Alt+R regenerates it, Ctrl+Shift+O opens a new chat, Ctrl+/ lists them', async () => {
    await page.locator('.chat-title').click();
    await page.keyboard.press('Shift+Escape');
    expect(await input().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.locator('.chat-model-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Slow stand-in' }).click();
    await send('[[tokens:200]]');
    await lastAnswer().getByText('w3', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await answered();
    expect(await lastAnswer().getAttribute('data-status')).toBe('stopped');
    // regenerated by a model that answers at once
    await page.locator('.chat-model-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Echo stand-in' }).click();
    await until(() => lastAnswer().getByRole('button', { name: 'Regenerate', exact: true }).isEnabled(), true, { what: 'Regenerate enabled' });
    await mark();
    await page.keyboard.press('Alt+KeyR');
    await lastAnswer().locator('.chat-switcher-position').getByText('2 / 2').waitFor();
    await answered();

    await page.keyboard.press('Control+/');
    const help = page.locator('.chat-shortcuts');
    await help.getByText('Regenerate the last answer').waitFor();
    expect(await help.innerText()).toContain('Ctrl');
    const was = await page.locator('.chat-conversation-active').getAttribute('data-conversation-id');
    await page.keyboard.press('Control+Shift+KeyO');
    await page.locator('.chat-title').getByText('New chat').waitFor();
    expect(await page.locator('.chat-message').count()).toBe(0);
    await page.locator(`.chat-conversation[data-conversation-id="${was}"]`).click();
    await lastAnswer().waitFor();
  });

  it('the model picker applies a choice at once: a question sent before the save returns goes to the model shown; a failed save puts the picker back with the error', async () => {
    const picker = page.locator('.chat-model-picker');
    const pick = async (name: string) => {
      await picker.click();
      await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
    };
    const saves = /\/api\/chat\/conversations\/[^/?]+$/;
    // the save of the choice is held back until the question has been answered
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(saves, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.fallback();
    });
    await pick('Slow stand-in');
    expect(await picker.innerText()).toContain('Slow stand-in');
    await send('[[tokens:3]]');
    await answered();
    expect(standin.requests[standin.requests.length - 1].model).toBe('slow');
    release();
    await page.unroute(saves);

    // a save the server refuses: the picker goes back to the model it had, and says why
    await page.route(saves, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, errorCode: 'PERMISSION_ERROR', errorMessage: 'Saving was refused (e2e)', requestId: 'e2e' }),
          })
        : route.fallback(),
    );
    await pick('Echo stand-in');
    await page.locator('.ant-message').getByText('Saving was refused (e2e)').waitFor();
    await pollUntil(async () => (await picker.innerText()).includes('Slow stand-in'), 'the picker to show the model it had');
    await page.unroute(saves);
    await pick('Echo stand-in');
    await pollUntil(async () => (await picker.innerText()).includes('Echo stand-in'), 'the picker to show Echo');
  });

  it("a provider error shows the provider's message under its catalogue text and costs nothing", async () => {
    await addModel('Failing stand-in', 'fail', 3);
    await page.reload();
    await input().waitFor();
    await page.locator('.chat-model-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Failing stand-in' }).click();
    await pollUntil(async () => (await page.locator('.chat-model-picker').innerText()).includes('Failing stand-in'), 'the model to be picked');
    const before = await balance();
    await send('Does this work?');
    const failure = page.locator('.chat-message-error').last();
    await failure.waitFor();
    expect(await failure.innerText()).toBe('The AI provider answered with an error: stand-in failure');
    await lastAnswer().getByText('Failed', { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await balance()).toBe(before);
    await page.locator('.chat-model-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Echo stand-in' }).click();
  });

  it('out of credits: a clear message above the input, and the question stays there to send again', async () => {
    await page.locator('.chat-conversation').first().click();
    await lastAnswer().waitFor();
    const now = (await api('GET', '/api/credits/me', undefined, (await storedToken(page))!)).body.data.balance as number;
    await api('POST', '/api/credits/adjust', { user_id: userId, amount: 3 - now, reason: 'e2e: almost nothing left' }, adminToken);
    const answers = await page.locator('.chat-message-assistant').count();

    await send('Will this be answered?');
    const alert = page.locator('.chat-alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Not enough credits');
    expect(await alert.innerText()).toContain('your balance is 3');
    expect(await input().inputValue()).toBe('Will this be answered?');
    expect(await page.locator('.chat-message-assistant').count()).toBe(answers);
  });
  it('thumbs down with a comment on an answer: kept with the conversation, and the operators see it with the model in the AI usage log', async () => {
    const openConversation = async () => {
      await page.reload();
      await page.locator('.chat-conversation').first().click();
      await lastAnswer().waitFor();
    };
    await openConversation();
    expect(await page.locator('.chat-message-assistant .chat-feedback').count()).toBeGreaterThan(0);
    const bad = page
      .locator('.chat-message-assistant')
      .filter({ has: page.locator('.chat-feedback') })
      .last();
    await bad.getByRole('button', { name: 'Bad answer' }).click();
    await page.getByLabel('What went wrong?').fill('It invented a source');
    await page.locator('.ant-popover').getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thanks for your feedback').waitFor();
    expect(await bad.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('true');
    await openConversation();
    await pollUntil(
      async () =>
        (await page
          .locator('.chat-message-assistant')
          .filter({ has: page.locator('[aria-pressed="true"]') })
          .count()) === 1,
      'the rating kept after a reload',
    );

    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/ai-usage/list');
    const row = page.locator('.ant-table-row').filter({ has: page.locator('.anticon-dislike') });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toMatch(/\w+ stand-in/);
    await row.locator('.anticon-dislike').hover();
    await page.getByRole('tooltip').filter({ hasText: 'It invented a source' }).waitFor();
  });
});
