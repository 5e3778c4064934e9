/**
 * The top bar's search box: Enter opens the search page with the words (documents, prompts,
 * articles); "/" anywhere outside a text field puts the cursor in it. On a narrow screen it is
 * a button opening the search page, where the box has room.
 */
import { SearchOutlined } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import { Button, Input, theme as antdTheme, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { withQuery } from '../services/query-string';
import { useT } from '../shared/i18n';

export const SEARCH_PAGE = '/pages/assistant/search/search';

const typingIn = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

export default function TopSearch({ wide }: { wide: boolean }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { pathname } = useLocation();
  const [value, setValue] = useState('');
  const input = useRef<InputRef>(null);
  // the search page has its own box: this one would be a second
  const onSearchPage = pathname === SEARCH_PAGE;

  useEffect(() => {
    if (!wide || onSearchPage) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wide, onSearchPage]);

  if (onSearchPage) return null;
  if (!wide) {
    return <Button type="text" aria-label={t('nav.search')} icon={<SearchOutlined />} onClick={() => history.push(SEARCH_PAGE)} />;
  }
  const go = (words: string) => {
    const q = words.trim();
    history.push(q ? withQuery(SEARCH_PAGE, { q }) : SEARCH_PAGE);
    setValue('');
    input.current?.blur();
  };
  return (
    <Input
      ref={input}
      role="searchbox"
      aria-label={t('nav.search')}
      placeholder={t('nav.searchPlaceholder')}
      prefix={<SearchOutlined aria-hidden />}
      suffix={
        <kbd
          aria-hidden
          style={{
            padding: '0 5px',
            fontSize: token.fontSizeSM,
            lineHeight: '16px',
            border: `1px solid ${token.colorBorder}`,
            borderRadius: 4,
            color: token.colorTextSecondary,
          }}
        >
          /
        </kbd>
      }
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => go(value)}
      style={{ width: 'min(360px, 100%)' }}
    />
  );
}
