/**
 * Markdown of untrusted text (model answers): GFM tables and lists, KaTeX math, highlighted code
 * blocks with a language label and a copy button. Safe by construction: raw HTML in the text is
 * never parsed (no rehype-raw), so `<img onerror=...>` shows as text; links keep react-markdown's
 * url filter (http, https, mailto and relative only) and open in a new tab without an opener;
 * images show as links, so an answer cannot make the browser fetch anything by itself.
 */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { Element, ElementContent } from 'hast';
import { memo, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';
import { toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';
import { copyText } from './copy';
import './markdown.css';
import './messages';

const REMARK = [remarkGfm, remarkMath];
// strict 'ignore': a half-streamed formula is re-rendered at every frame, and KaTeX's LaTeX
// compatibility warnings would flood the console
const REHYPE: Options['rehypePlugins'] = [[rehypeKatex, { strict: 'ignore' }], rehypeHighlight];

/** the plain text under a hast node (a code block's source, whatever highlighting wrapped it in) */
export function textOf(node: Element | ElementContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function languageOf(code: Element | undefined): string | null {
  const cls: unknown = code?.properties?.className;
  const list = Array.isArray(cls) ? cls.map(String) : typeof cls === 'string' ? cls.split(/\s+/) : [];
  const lang = list.find((c) => c.startsWith('language-'));
  return lang ? lang.slice('language-'.length) : null;
}

function CodeBlock({ node, children }: { node?: Element; children?: ReactNode }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const lang = languageOf(code);
  const source = textOf(code ?? node).replace(/\n$/, '');
  const onCopy = async () => {
    const ok = await copyText(source);
    toast(t(ok ? 'chat.markdown.copied' : 'chat.markdown.copyFailed'), ok ? 'success' : 'error');
    if (ok) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };
  return (
    <div className="md-code">
      <div className="md-code-head">
        <span className="md-code-lang">{lang ?? t('chat.markdown.code')}</span>
        <Tooltip title={t('chat.markdown.copyCode')}>
          <Button size="small" type="text" aria-label={t('chat.markdown.copyCode')} icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={onCopy} />
        </Tooltip>
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const COMPONENTS: Components = {
  pre: CodeBlock,
  a: ({ node: _node, children, href, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    src ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  table: ({ node: _node, children, ...rest }) => (
    <div className="md-table">
      <table {...rest}>{children}</table>
    </div>
  ),
};

function Markdown({ text }: { text: string }) {
  return (
    <div className="md-body">
      <ReactMarkdown remarkPlugins={REMARK} rehypePlugins={REHYPE} components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

export default memo(Markdown);
