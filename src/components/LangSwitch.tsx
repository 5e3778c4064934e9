/**
 * Language switch (spec: zh-Hans, zh-Hant, en); the choice is kept across reloads. In the top bar
 * on a wide screen; below 768 px the same choices are items of the user menu (useLanguageItems).
 */
import { getLocale, setLocale, useIntl } from '@umijs/max';
import { Segmented } from 'antd';
import { LOCALES, normalizeLocale, FALLBACK_LOCALE, type UmiLocale } from '../shared/locale';
import { loadCatalogue } from '../shared/catalogues';
import { useT } from '../shared/i18n';

const SHORT_KEY: Record<UmiLocale, string> = { 'zh-CN': 'locale.zhHans.short', 'zh-TW': 'locale.zhHant.short', 'en-US': 'locale.en.short' };
const NAME_KEY: Record<UmiLocale, string> = { 'zh-CN': 'locale.zhHans', 'zh-TW': 'locale.zhHant', 'en-US': 'locale.en' };
const LANG_ATTR: Record<UmiLocale, string> = { 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant', 'en-US': 'en' };

function useCurrentLocale(): UmiLocale {
  const intl = useIntl();
  return normalizeLocale(intl.locale) ?? normalizeLocale(getLocale()) ?? FALLBACK_LOCALE;
}

/** the language's catalogue first, so the switch never shows keys */
const choose = (v: UmiLocale) => void loadCatalogue(v).then(() => setLocale(v, false));

const LANG_ITEM = 'lang:';

/**
 * The languages as user-menu items (each named in its own language), the chosen one's key,
 * and what a click on one of them does (false for another item).
 */
export function useLanguageItems() {
  const t = useT();
  const value = useCurrentLocale();
  return {
    items: LOCALES.map((l) => ({ key: `${LANG_ITEM}${l}`, label: <span lang={LANG_ATTR[l]}>{t(NAME_KEY[l])}</span> })),
    selected: `${LANG_ITEM}${value}`,
    onClick: (key: string) => {
      if (!key.startsWith(LANG_ITEM)) return false;
      choose(key.slice(LANG_ITEM.length) as UmiLocale);
      return true;
    },
  };
}

export default function LangSwitch() {
  const t = useT();
  const value = useCurrentLocale();
  return (
    <Segmented<UmiLocale>
      size="small"
      aria-label={t('nav.language')}
      value={value}
      onChange={choose}
      options={LOCALES.map((l) => ({
        value: l,
        label: <span lang={LANG_ATTR[l]}>{t(SHORT_KEY[l])}</span>,
        title: t(NAME_KEY[l]),
      }))}
    />
  );
}
