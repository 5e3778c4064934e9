/**
 * The markdown renderer of model answers: tables, highlighted code blocks with their language
 * and a working copy button, KaTeX math, links that open safely, and HTML that stays text.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Markdown from '@/components/markdown/Markdown';
import { renderInApp } from './support/render';

function renderMd(text: string) {
  return renderInApp(<Markdown text={text} />).container;
}

describe('markdown renderer', () => {
  test('a GFM table', () => {
    const c = renderMd('| model | price |\n|---|---|\n| echo | 10 |\n| 中文模型 | 20 |');
    const cells = [...c.querySelectorAll('table td')].map((td) => td.textContent);
    expect(c.querySelectorAll('table th')).toHaveLength(2);
    expect(cells).toEqual(['echo', '10', '中文模型', '20']);
  });

  test('a code block: highlighted, labelled with its language, and copied by its button', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const c = renderMd('Here:\n\n```ts\nconst x: number = 1;\nconsole.log(x);\n```\n');
    expect(c.querySelector('pre code.hljs.language-ts')).not.toBeNull();
    expect(c.querySelector('pre code .hljs-keyword')?.textContent).toBe('const');
    expect(c.querySelector('.md-code-lang')?.textContent).toBe('ts');
    fireEvent.click(screen.getByLabelText('Copy code'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('const x: number = 1;\nconsole.log(x);'));
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
  });

  test('inline and display math render through KaTeX', () => {
    const c = renderMd('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$\n');
    expect(c.querySelectorAll('.katex').length).toBe(2);
    expect(c.querySelector('.katex-display')).not.toBeNull();
    expect(c.querySelector('.katex math annotation')?.textContent).toContain('e^{i\\pi}');
  });

  test('HTML in an answer is shown as text, never made into elements', () => {
    const c = renderMd('look <img src=x onerror="window.__pwned=1"> and <script>window.__pwned=2</script>\n\n<iframe src="https://example.com"></iframe>');
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('script')).toBeNull();
    expect(c.querySelector('iframe')).toBeNull();
    expect(c.textContent).toContain('<img src=x onerror="window.__pwned=1">');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  test('links open in a new tab without an opener; script urls are dropped; images become links', () => {
    const c = renderMd('[site](https://example.com) [bad](javascript:alert(1)) ![pic](https://example.com/p.png)');
    const links = [...c.querySelectorAll('a')];
    const site = links.find((a) => a.textContent === 'site')!;
    expect(site.getAttribute('href')).toBe('https://example.com');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    const bad = links.find((a) => a.textContent === 'bad')!;
    expect(bad.getAttribute('href') ?? '').not.toContain('javascript');
    expect(c.querySelector('img')).toBeNull();
    expect(links.find((a) => a.textContent === 'pic')?.getAttribute('href')).toBe('https://example.com/p.png');
  });
});
