/** Language switch (spec: zh-Hans, zh-Hant, en); the choice is kept across reloads. */
import { getLocale, setLocale, useIntl } from '@umijs/max';
import { Segmented } from 'antd';
import { LOCALES, normalizeLocale, FALLBACK_LOCALE, type UmiLocale } from '../shared/locale';
import { loadCatalogue } from '../shared/catalogues';
import { useT } from '../shared/i18n';

const SHORT_KEY: Record<UmiLocale, string> = { 'zh-CN': 'locale.zhHans.short', 'zh-TW': 'locale.zhHant.short', 'en-US': 'locale.en.short' };
const NAME_KEY: Record<UmiLocale, string> = { 'zh-CN': 'locale.zhHans', 'zh-TW': 'locale.zhHant', 'en-US': 'locale.en' };

export default function LangSwitch() {
  const t = useT();
  const intl = useIntl();
  const value = normalizeLocale(intl.locale) ?? normalizeLocale(getLocale()) ?? FALLBACK_LOCALE;
  return (
    <Segmented<UmiLocale>
      size="small"
      aria-label={t('nav.language')}
      value={value}
      // the language's catalogue first, so the switch never shows keys
      onChange={(v) => void loadCatalogue(v).then(() => setLocale(v, false))}
      options={LOCALES.map((l) => ({
        value: l,
        label: <span lang={l === 'en-US' ? 'en' : l === 'zh-CN' ? 'zh-Hans' : 'zh-Hant'}>{t(SHORT_KEY[l])}</span>,
        title: t(NAME_KEY[l]),
      }))}
    />
  );
}
