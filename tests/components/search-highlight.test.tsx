/**
 * Search snippets: the text around the first match with its matches highlighted as <mark>
 * elements (never parsed as HTML), Chinese matched by pairs, characters outside the BMP marked
 * whole, and Ask AI's [n] citations as links.
 */
import { render } from '@testing-library/react';
import Markdown from '@/components/markdown/Markdown';
import { citeLinks, Highlighted } from '@/pages/assistant/search/highlight';
import { markRanges, snippetOf, termPattern } from '../../shared/search-snippet';
import { renderInApp } from './support/render';

const marksIn = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

test('the words of the query are marked where the index matched them, case aside, at word starts', () => {
  const { text, marks } = snippetOf('Translating a text: translate it into French. Untranslatable words stay.', termPattern('translat'));
  const { container } = render(<Highlighted text={text} marks={marks} />);
  expect(marksIn(container)).toEqual(['Translat', 'translat']);
  expect(container.textContent).toBe('Translating a text: translate it into French. Untranslatable words stay.');
});

test("Chinese is marked by the query's pairs, joined where they touch", () => {
  const { text, marks } = snippetOf('我们讨论了向量数据库的索引，数据很多。', termPattern('数据库'));
  const { container } = render(<Highlighted text={text} marks={marks} />);
  expect(marksIn(container)).toEqual(['数据库', '数据']);
});

test('a long body is cut around the first match with an ellipsis, and the marks still line up', () => {
  const body = `${'lorem ipsum '.repeat(100)}the needle is here ${'dolor sit '.repeat(100)}`;
  const { text, marks } = snippetOf(body, termPattern('needle'), 120);
  expect(text.startsWith('…')).toBe(true);
  expect(text.endsWith('…')).toBe(true);
  expect(text.length).toBeLessThanOrEqual(122);
  expect(marks.map(([s, e]) => text.slice(s, e))).toEqual(['needle']);
});

test('characters outside the BMP are marked whole, even by a range that would split one', () => {
  const text = '我叫𠮷野家，😀 𝕏';
  const { container } = render(
    <Highlighted
      text={text}
      marks={[
        [2, 4],
        [7, 8],
        [11, 12],
      ]}
    />,
  );
  expect(marksIn(container)).toEqual(['𠮷', '😀', '𝕏']);
  expect(container.textContent).toBe(text);
  expect(container.textContent).not.toMatch(/\p{Cs}/u);
});

test('markup in the text is shown as text, never as elements', () => {
  const evil = '<img src=x onerror="alert(1)"> search me';
  const { container } = render(<Highlighted text={evil} marks={markRanges(evil, termPattern('search'))} />);
  expect(container.querySelector('img')).toBeNull();
  expect(container.textContent).toBe(evil);
  expect(marksIn(container)).toEqual(['search']);
});

test('[n] citations become links to their sources; unknown numbers and links stay as they are', () => {
  const sources = [{ n: 1, url: '/pages/assistant/document/document?id=d1' }];
  expect(citeLinks('Billed per token [1]. See [2]. [1](x)', sources)).toBe(
    'Billed per token [\\[1\\]](#/pages/assistant/document/document?id=d1). See [2]. [1](x)',
  );
});

test('a cited answer rendered as Markdown links [1] to its source', () => {
  const { container } = renderInApp(<Markdown text={citeLinks('Credits pay for tokens [1].', [{ n: 1, url: '/pages/assistant/document/document?id=d1' }])} />);
  const link = container.querySelector('a');
  expect(link?.textContent).toBe('[1]');
  expect(link?.getAttribute('href')).toBe('#/pages/assistant/document/document?id=d1');
});
