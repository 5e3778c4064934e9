/** The help documents page's texts (locales/docs/*.json) pass the area catalogue checks, and its table of contents matches the rendered headings. */
import { render } from '@testing-library/react';
import { routes } from '../../config/routes';
import Markdown from '@/components/markdown/Markdown';
import { DOCS_MESSAGES } from '@/pages/assistant/document/messages';
import { headingText, slugOf, tocOf } from '@/pages/assistant/document/toc';
import { INITIAL_DOCUMENTS } from '../../server/modules/docs/initial-documents';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'help documents catalogues',
    prefix: 'docs',
    messages: DOCS_MESSAGES,
    sources: sourcesIn('src/pages/assistant/document'),
    atLeast: 25,
    values: { language: 'English', title: 'Chat', count: 2 },
  },
  () => {
    test('the route title is in the main catalogues', () => {
      const title = routes.find((r) => r.path === '/pages/assistant/document/document')?.title;
      expect(title).toBe('route.assistant.document');
      for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
    });
  },
);

describe('table of contents', () => {
  const MD = [
    '# Signing in',
    'Intro',
    '## Username and **password**',
    '```sh',
    '# not a heading',
    '```',
    '### The `code` [link](http://x.test) step ###',
    '## 登录状态能保持多久',
    '## Username and password',
    '    # indented code, not a heading',
    '#hashtag is text',
  ].join('\n');

  test('lists the headings outside code, as the renderer shows them, with unique selector-safe ids', () => {
    expect(tocOf(MD)).toEqual([
      { level: 1, text: 'Signing in', id: 'doc-signing-in' },
      { level: 2, text: 'Username and password', id: 'doc-username-and-password' },
      { level: 3, text: 'The code link step', id: 'doc-the-code-link-step' },
      { level: 2, text: '登录状态能保持多久', id: 'doc-登录状态能保持多久' },
      { level: 2, text: 'Username and password', id: 'doc-username-and-password-2' },
    ]);
    for (const h of tocOf(MD)) expect(() => document.querySelector(`#${h.id}`)).not.toThrow();
    expect(headingText('A \\* star')).toBe('A * star');
    expect(slugOf('?!')).toBe('section');
  });

  test('has one entry per heading the markdown renderer writes, in the same order, for every initial document', () => {
    for (const doc of INITIAL_DOCUMENTS)
      for (const l of LOCALES) {
        const body = doc.texts[l as keyof typeof doc.texts].body;
        const { container, unmount } = render(<Markdown text={body} />);
        const rendered = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => [Number(h.tagName[1]), h.textContent]);
        expect(tocOf(body).map((h) => [h.level, h.text])).toEqual(rendered);
        expect(rendered.length).toBeGreaterThan(1);
        unmount();
      }
    const { container } = render(<Markdown text={MD} />);
    expect([...container.querySelectorAll('h1, h2, h3')].map((h) => h.textContent)).toEqual(tocOf(MD).map((h) => h.text));
  });
});
