/**
 * Files on a question in Chromium: a user picks an image and a PDF with the paper clip, drops a
 * text file on the chat and pastes a picture into the input; each uploads with its card, a file
 * the chat cannot take says why on its card; the question shows the picture (opening in a viewer)
 * and the document, the vision model receives them, a model that reads no images is refused on
 * the page before anything is sent; the same in Chinese on a phone's screen.
 */
import type { Page } from 'playwright-core';
import { docx, pdf, PNG } from '../support/documents';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { until } from '../support/until';
import { e2eSession, screenshot } from './browser';
import { chatSetUp } from './chat-setup';
import { layoutProblems } from './layout';

const ADMIN = { username: 'files_admin', password: 'Admin#2026' };
const USER = { username: 'files_member', password: 'Member#2026' };
const CHAT = '/pages/assistant/chat/chat';

let standin: Standin;
const session = e2eSession('chat-attachments', async () => {
  standin = await startOpenAiStandin();
  const models = [
    { name: 'Vision', vision: true, sort: 1 },
    { name: 'Text only', vision: false, sort: 2 },
  ];
  await chatSetUp({ admin: ADMIN, users: [USER], baseUrl: standin.baseUrl, models, credits: 100_000 });
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const cards = () => page.locator('.chat-attachments .ant-attachment-list-card');
const doneCards = () => page.locator('.chat-attachments .ant-attachment-list-card-status-done');
const lastUser = () => standin.requests[standin.requests.length - 1].messages.filter((m) => m.role === 'user').pop()!;

/** a file dropped on the chat column, as a browser's drag and drop delivers it */
async function dropFile(name: string, text: string) {
  const column = page.locator('.chat-page > div').last();
  const transfer = await page.evaluateHandle(
    ([n, body]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body], n, { type: 'text/plain' }));
      return dt;
    },
    [name, text],
  );
  await column.dispatchEvent('dragenter', { dataTransfer: transfer });
  // the drop area covers the chat while a file is dragged over it
  const area = page.locator('.ant-attachment-drop-area .ant-upload-btn');
  await area.getByText('Drop the files here').waitFor();
  await area.dispatchEvent('drop', { dataTransfer: transfer });
}

it('an image and a PDF picked, a text file dropped, a picture pasted: they upload, go with the question and show in it', async () => {
  await signIn(USER.username, USER.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await go(CHAT);
  await page.getByRole('button', { name: 'Attach files' }).click();
  await page.getByText('Attach images or documents').waitFor();
  await page
    .locator('.chat-attachments input[type=file]')
    .first()
    .setInputFiles([
      { name: 'chart.png', mimeType: 'image/png', buffer: PNG },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: await pdf(['Quarterly report: revenue grew 42 percent.']) },
    ]);
  await until(() => doneCards().count(), 2, { what: 'two files uploaded' });

  await dropFile('notes.txt', 'Ship on Friday.');
  await until(() => doneCards().count(), 3, { what: 'the dropped file uploaded' });
  // a picture pasted into the input joins them
  await page.locator('.chat-page textarea').evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
  await until(() => doneCards().count(), 4, { what: 'the pasted picture uploaded' });

  // a file the chat cannot take says so on its card, and is not sent
  await page
    .locator('.chat-attachments input[type=file]')
    .first()
    .setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
  await cards().filter({ hasText: 'setup.exe cannot be attached' }).waitFor();

  await page.locator('.chat-page textarea').fill('What is in these? [[reply:A chart, a report and notes.]]');
  await page.locator('.chat-page textarea').press('Enter');
  await page.getByText('A chart, a report and notes.', { exact: true }).waitFor();
  expect(lastUser().images.map((i) => i.mime)).toEqual(['image/png', 'image/png']);
  expect(lastUser().content).toContain('<document name="report.pdf">\nQuarterly report: revenue grew 42 percent.');
  expect(lastUser().content).toContain('<document name="notes.txt">\nShip on Friday.\n</document>');
  // the input's files went with the question
  expect(await doneCards().count()).toBe(0);

  const question = page.locator('.chat-question-files');
  await until(() => question.locator('img.chat-question-image').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), 2, {
    what: 'both pictures shown',
  });
  await question.locator('.chat-question-document').filter({ hasText: 'report.pdf' }).waitFor();
  await question.locator('.chat-question-document').filter({ hasText: 'notes.txt' }).waitFor();
  await screenshot(page, 'chat-attachments-question-1440-en');
  await question.locator('.ant-image').first().click();
  await page.locator('.ant-image-preview-img').waitFor();
  await screenshot(page, 'chat-attachments-viewer-1440-en');
  await page.keyboard.press('Escape');
  await page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' });
});

it('a model that reads no images is refused on the page before anything is sent; the files wait for another model', async () => {
  await go(CHAT);
  await page.getByRole('button', { name: 'New chat' }).first().click();
  await page.locator('.chat-model-picker').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Text only' }).click();
  await page.getByRole('button', { name: 'Attach files' }).click();
  await page
    .locator('.chat-attachments input[type=file]')
    .first()
    .setInputFiles([
      { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'minutes.docx', mimeType: 'application/octet-stream', buffer: await docx(['Minutes of the meeting']) },
    ]);
  await until(() => doneCards().count(), 2, { what: 'two files uploaded' });
  const sent = standin.requests.length;
  await page.locator('.chat-page textarea').fill('Describe it');
  await page.locator('.chat-page textarea').press('Enter');
  await page.locator('.chat-alert').getByText('Text only cannot read images').waitFor();
  expect(standin.requests.length).toBe(sent);
  // the picture taken off, the document goes to the same model
  // the picture's card shows the picture (the document's its name)
  const photo = cards().filter({ has: page.locator('img') });
  await photo.hover();
  await photo.locator('.ant-attachment-list-card-remove').click();
  await until(() => doneCards().count(), 1, { what: 'the picture removed' });
  await page.locator('.chat-page textarea').fill('Sum it up [[reply:A meeting.]]');
  await page.locator('.chat-page textarea').press('Enter');
  await page.getByText('A meeting.', { exact: true }).waitFor();
  expect(lastUser().images).toEqual([]);
  expect(lastUser().content).toContain('<document name="minutes.docx">\nMinutes of the meeting\n</document>');
});

it('in Chinese on a phone: the question’s picture and document fit the screen', async () => {
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await go(CHAT);
  await page.reload();
  // a new chat, from the conversation list in its drawer
  await page.getByRole('button', { name: '会话', exact: true }).click();
  await page.getByRole('button', { name: '新对话' }).first().click();
  await page.getByRole('button', { name: '添加文件' }).click();
  await page.getByText('添加图片或文档').waitFor();
  await page
    .locator('.chat-attachments input[type=file]')
    .first()
    .setInputFiles([
      { name: '图表.png', mimeType: 'image/png', buffer: PNG },
      { name: '季度报告.pdf', mimeType: 'application/pdf', buffer: await pdf(['Revenue grew.']) },
    ]);
  await until(() => doneCards().count(), 2, { what: 'two files uploaded' });
  await screenshot(page, 'chat-attachments-input-390-zh');
  await page.locator('.chat-page textarea').fill('这是什么？[[reply:一张图表和一份报告。]]');
  await page.locator('.chat-page textarea').press('Enter');
  await page.getByText('一张图表和一份报告。', { exact: true }).waitFor();
  await page.locator('.chat-question-document').filter({ hasText: '季度报告.pdf' }).waitFor();
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'chat-attachments-question-390-zh');
});
