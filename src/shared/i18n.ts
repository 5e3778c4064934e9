/**
 * Translation helpers over umi's locale plugin. Every visible string is a key present in all
 * three catalogues (locales/*.json); tests/components/catalogue.test.tsx checks the keys used
 * through t('...') here and in the pages.
 */
import { getIntl, useIntl } from '@umijs/max';
import { useCallback } from 'react';
import { type BuiltInKind, builtInKey } from '../../shared/built-in-names';

export type Translate = (id: string, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((id, values) => intl.formatMessage({ id }, values), [intl]);
}

/** outside React (request layer, event handlers) */
export const t: Translate = (id, values) => getIntl().formatMessage({ id }, values);

/** whether the current catalogue has the key (menu names may or may not be keys) */
export function hasMessage(id: string): boolean {
  const messages = getIntl().messages as Record<string, unknown> | undefined;
  return !!messages && Object.prototype.hasOwnProperty.call(messages, id);
}

/** the text of a server error: the catalogue's entry for its code, else its own message */
export function errorText(code: string | undefined, message: string | undefined, tr: Translate = t): string {
  if (message) return message;
  if (code && hasMessage(`error.${code}`)) return tr(`error.${code}`);
  return tr('request.failed');
}

/** a built-in row's text in the reader's language while it is still the seeded one; what an admin typed stays as typed */
export function builtInText(kind: BuiltInKind, text: string | null | undefined, tr: Translate = t): string {
  const key = builtInKey(kind, text);
  return key ? tr(key) : (text ?? '');
}
