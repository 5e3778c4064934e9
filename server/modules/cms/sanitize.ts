/**
 * The one allow-list article HTML passes before it is stored: what the console's editor makes
 * (headings, paragraphs, lists, quotes, code, marks, links, images, rules) and nothing else.
 * Scripts, styles, frames, event handlers and javascript: urls never reach the database.
 */
import type sanitizeHtml from 'sanitize-html';
import { FILE_URL_PREFIX } from '../files/service';

let lib: typeof sanitizeHtml | undefined;
/** sanitize-html (and the CSS parser it brings) loads with the first article written, not with the server */
export async function loadSanitizer(): Promise<void> {
  lib ??= (await import('sanitize-html')).default;
}
const sanitizer = (): typeof sanitizeHtml => {
  if (!lib) throw new Error('the sanitizer is used before loadSanitizer()');
  return lib;
};

/** links may lead to the web or to a mail client, nowhere else (no javascript:, data:, relative) */
const LINK_URL = /^(https?:\/\/|mailto:)/i;
/** images come from the file service of this server or from an https address */
const IMAGE_URL = new RegExp(`^(${FILE_URL_PREFIX.replace(/\//g, '\\/')}[A-Za-z0-9_.-]+(\\?[A-Za-z0-9_=&.-]*)?$|https:\\/\\/)`, 'i');

export const isImageUrl = (src: string) => IMAGE_URL.test(src.trim());

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // the text inside removed script/style/iframe/... goes with them
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer nofollow' };
      if (LINK_URL.test(href)) out.href = href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: isImageUrl(src) ? { ...rest, src } : rest };
    },
  },
  // an image whose address was refused is dropped rather than left empty
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** the stored form of an article's HTML */
export function sanitizeArticleHtml(html: string): string {
  return sanitizer()(html, OPTIONS).trim();
}

/** the article's text without markup (excerpts, the search index) */
export function textOfHtml(html: string): string {
  return sanitizer()(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
