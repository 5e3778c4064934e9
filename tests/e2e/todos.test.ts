/**
 * The task assistant in Chromium against the OpenAI stand-in: quick add, done and the filter tabs
 * with counts, "Break it down" streamed and accepted with one line dropped, keyboard and mouse reordering
 * that survives a reload, the home's due tasks, and the two-model playground creating a task;
 * screenshots in English and Chinese on both themes.
 */
import type { Page } from 'playwright-core';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { api, confirmWith, e2eSession, screenshot, storedToken } from './browser';
import { makeUser, withDb } from './fixtures';
import { until } from '../support/until';

const ADMIN = { username: 'todo_admin', password: 'Admin#2026' };
const USER = { username: 'todo_member', password: 'Member#2026' };
const LIST = '/pages/assistant/todo-list/todo-list';
const TEST = '/pages/assistant/todo-list/todo-test';

let standin: Standin;

const session = e2eSession('todos', async () => {
  standin = await startOpenAiStandin({ tokenDelayMs: 20 });
  const token = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  await makeUser(USER.username, USER.password);
  const userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [USER.username])).rows[0].id as string);
  expect((await api('POST', '/api/credits/adjust', { user_id: userId, amount: 10000, reason: 'e2e starting credits' }, token)).status).toBe(200);
  for (const [name, sort, providerModel] of [
    ['Echo', 1, 'echo'],
    ['Echo Two', 2, 'echo'],
    ['Broken', 3, 'fail'],
  ] as const) {
    const model = {
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
    };
    expect((await api('POST', '/api/ai/models', model, token)).status).toBe(200);
  }
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const quickAdd = () => page.getByLabel('Add a task and press Enter');
const task = (title: string) => page.getByTestId('task').filter({ hasText: title });
const titles = () => page.getByTestId('task').evaluateAll((els) => els.map((e) => e.getAttribute('data-title')));
const tab = (name: string) => page.locator('.ant-segmented-item').filter({ hasText: name });

async function add(title: string) {
  await quickAdd().fill(title);
  await quickAdd().press('Enter');
  await task(title).waitFor();
}

describe('task assistant', () => {
  it('adds a task with Enter, marks it done, and the filter tabs count and filter', async () => {
    await signIn(USER.username, USER.password);
    await go(LIST);
    await page.getByText('No tasks yet: add one above').waitFor();
    // the list hides the left menu
    expect(await page.locator('.ant-pro-sider').count()).toBe(0);
    await add('Water the plants');
    await until(() => tab('All').innerText(), 'All 1', { what: 'the all count' });
    await page.getByRole('checkbox', { name: 'Done: Water the plants' }).click();
    await until(() => tab('Done').innerText(), 'Done 1', { what: 'the done count' });
    await tab('Today').click();
    await page.getByText('Nothing due today').waitFor();
    await tab('Done').click();
    await task('Water the plants').waitFor();
    expect(await titles()).toEqual(['Water the plants']);
    // added on the Today tab: due today
    await tab('Today').click();
    await add('Pay the rent');
    await until(() => tab('Today').innerText(), 'Today 1', { what: 'the today count' });
    expect(await task('Pay the rent').getByTestId('due-tag').innerText()).toBe('Today');
    // added on the Upcoming tab: due tomorrow; then deleted after a confirmation
    await tab('Upcoming').click();
    await add('See the dentist');
    await until(() => tab('Upcoming').innerText(), 'Upcoming 1', { what: 'the upcoming count' });
    await task('See the dentist').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete this task?').waitFor();
    await confirmWith(page, 'Delete');
    await until(() => tab('Upcoming').innerText(), 'Upcoming 0', { what: 'the upcoming count after the delete' });
    await tab('All').click();
    await until(titles, ['Water the plants', 'Pay the rent'], { what: 'all tasks' });
  });

  it('the home shows the task due today and links to the list', async () => {
    await go('/pages/index/index');
    const card = page.getByTestId('due-tasks');
    await card.getByText('Pay the rent').waitFor();
    expect(await card.getByText('Water the plants').count()).toBe(0);
    await screenshot(page, 'todos-home-due-en');
    await card.getByRole('link', { name: 'All 1' }).click();
    await page.waitForURL((u) => u.hash.includes(LIST));
    await task('Pay the rent').waitFor();
  });

  it('breaks a task down: the proposal streams, one line is dropped, the rest become subtasks', async () => {
    await add('Move house');
    await task('Move house').getByRole('button', { name: 'Edit task' }).click();
    await page.getByLabel('Notes').fill('[[reply:- Pack the books\n- Hire a van\n- Change the address]]');
    await page.getByTestId('save-task').click();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    await task('Move house').getByRole('button', { name: 'Break it down' }).click();
    await page.getByTestId('run-breakdown').click();
    await page.getByTestId('run-stats').waitFor();
    expect(await page.getByTestId('breakdown-text').innerText()).toBe('- Pack the books\n- Hire a van\n- Change the address');
    expect(await page.getByTestId('run-stats').innerText()).toMatch(/\d+ \+ \d+ tokens · \d+ credits · first token [\d.]+ s · total [\d.]+ s/);
    await page.getByRole('checkbox', { name: 'Keep subtask 2' }).click();
    await page.getByLabel('Subtask 3', { exact: true }).fill('Tell the bank the new address');
    await screenshot(page, 'todos-breakdown-en');
    await page.getByRole('button', { name: 'Add 2 subtasks' }).click();
    await page.getByText('2 subtasks now').waitFor();
    const subtasks = task('Move house').getByTestId('subtask');
    await until(() => subtasks.allInnerTexts(), ['Pack the books', 'Tell the bank the new address'], { what: 'the accepted subtasks' });
    expect(await task('Move house').getByTestId('subtask-progress').innerText()).toBe('0/2');
    await task('Move house').getByRole('checkbox', { name: 'Done: Pack the books' }).click();
    await until(() => task('Move house').getByTestId('subtask-progress').innerText(), '1/2', { what: 'the progress' });
  });

  it('reorders tasks with the keyboard, and the order survives a reload', async () => {
    await until(titles, ['Water the plants', 'Pay the rent', 'Move house'], { what: 'the order before' });
    const handle = page.getByRole('button', { name: /^Move “Move house”/ });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await until(titles, ['Move house', 'Water the plants', 'Pay the rent'], { what: 'the order after the move' });
    await page.waitForTimeout(300);
    await page.reload();
    await until(titles, ['Move house', 'Water the plants', 'Pay the rent'], { what: 'the order after a reload' });
    await screenshot(page, 'todos-list-en');
  });

  it('the playground compares two models side by side and accepting one creates the task', async () => {
    await go(TEST);
    await page.getByLabel('Breakdown prompt').waitFor();
    expect(await page.getByLabel('Breakdown prompt').inputValue()).toContain('one per line');
    await page.getByLabel('Goal', { exact: true }).fill('Host a dinner [[reply:Invite guests\nCook]]');
    await page.getByTestId('run-compare').click();
    for (const lane of ['a', 'b']) await page.getByTestId(`lane-${lane}`).getByTestId('run-stats').waitFor();
    for (const lane of ['a', 'b']) expect(await page.getByTestId(`lane-${lane}`).getByTestId('lane-text').innerText()).toBe('Invite guests\nCook');
    expect(await page.getByTestId('lane-b').locator('.ant-select-selection-item').innerText()).toBe('Echo Two');
    // the buttons' enabled colours fade in
    await page.waitForTimeout(400);
    await screenshot(page, 'todos-compare-en');
    await page.getByTestId('accept-b').click();
    await page.waitForURL((u) => u.hash.includes(LIST));
    const created = task('Host a dinner');
    await created.getByRole('button', { name: 'Show subtasks' }).click();
    await until(() => created.getByTestId('subtask').allInnerTexts(), ['Invite guests', 'Cook'], { what: 'the created subtasks' });
  });

  it("a model's failure shows its error and costs nothing; deleting a task asks first and takes its subtasks", async () => {
    const balance = async () => (await api('GET', '/api/credits/me', undefined, (await storedToken(page))!)).body.data.balance as number;
    const before = await balance();
    await task('Move house').getByRole('button', { name: 'Break it down' }).click();
    await page.locator('.ant-drawer-open .ant-select-selector').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Broken' }).click();
    await page.getByTestId('run-breakdown').click();
    await page.locator('.ant-drawer-open .ant-alert-error').waitFor();
    expect(await page.getByTestId('run-stats').innerText()).toMatch(/· 0 credits ·/);
    expect(await balance()).toBe(before);
    expect(await page.getByTestId('accept-breakdown').isDisabled()).toBe(true);
    await page.locator('.ant-drawer-open').getByRole('button', { name: 'Close' }).click();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    await task('Move house').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete this task and its subtasks?').waitFor();
    await confirmWith(page, 'Delete');
    await until(titles, ['Water the plants', 'Pay the rent', 'Host a dinner [[reply:Invite guests\nCook]]'], { what: 'the tasks left' });
  });

  it('reorders tasks by dragging with the mouse', async () => {
    const from = (await task('Pay the rent').getByTestId('drag-handle').boundingBox())!;
    const to = (await task('Water the plants').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // in steps: the sensor starts after a few pixels and follows the pointer
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 10 });
    await page.mouse.up();
    await until(titles, ['Pay the rent', 'Water the plants', 'Host a dinner [[reply:Invite guests\nCook]]'], { what: 'the order after the drag' });
    await page.waitForTimeout(300);
    await page.reload();
    await until(titles, ['Pay the rent', 'Water the plants', 'Host a dinner [[reply:Invite guests\nCook]]'], { what: 'the dragged order after a reload' });
  });

  it('speaks Chinese on both themes', async () => {
    for (const theme of ['default', 'green']) {
      await page.evaluate((th) => {
        localStorage.setItem('umi_locale', 'zh-CN');
        localStorage.setItem('theme', th);
      }, theme);
      await go(LIST);
      await page.reload();
      await page.getByText('到期任务').or(page.getByLabel('添加任务，按回车保存')).first().waitFor();
      await screenshot(page, `todos-list-zh-${theme}`);
      await go('/pages/index/index');
      await page.getByTestId('due-tasks').getByText('Pay the rent').waitFor();
      await screenshot(page, `todos-home-zh-${theme}`);
      await go(TEST);
      await page.getByText('开始比较').waitFor();
      await page
        .getByText('模型的建议')
        .or(page.locator('.ant-select-selection-item', { hasText: 'Echo' }))
        .first()
        .waitFor();
      await screenshot(page, `todos-compare-zh-${theme}`);
    }
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'en-US');
      localStorage.setItem('theme', 'green');
    });
    await go(LIST);
    await page.reload();
    await quickAdd().waitFor();
    await screenshot(page, 'todos-list-en-green');
  });
});
