/**
 * Webpack loader (build time, see .umirc.ts) for two files of umi's react-intl stack: they start
 * the browser's Intl (ICU data, 20-80 ms of the first load) at start-up although the login page
 * formats no number or date. After it, Intl starts when something first formats one.
 */
const EDITS = [
  {
    // intl-messageformat: its default locale, only used when a message gets no locale (react-intl always gives one)
    file: /[\\/]intl-messageformat[\\/]lib[\\/]core\.js$/,
    from: 'IntlMessageFormat.defaultLocale = new Intl.NumberFormat().resolvedOptions().locale;',
    to:
      'var defaultLocale;\n' +
      "    Object.defineProperty(IntlMessageFormat, 'defaultLocale', { configurable: true, enumerable: true,\n" +
      '        get: function () { return defaultLocale || (defaultLocale = new Intl.NumberFormat().resolvedOptions().locale); },\n' +
      '        set: function (v) { defaultLocale = v; } });',
  },
  {
    // react-intl createIntl: a warning when the browser lacks a locale's data; every browser has
    // the console's three (en-US, zh-CN, zh-TW)
    file: /[\\/]react-intl[\\/]lib[\\/]components[\\/]provider\.js$/,
    from: /else if \(!Intl\.NumberFormat\.supportedLocalesOf\(locale\)\.length && onError\) \{[\s\S]*?\n {4}\}\n {4}else if \(!Intl\.DateTimeFormat\.supportedLocalesOf\(locale\)\.length &&\s*onError\) \{[\s\S]*?\n {4}\}\n/,
    to: '',
  },
];

module.exports = function lazyIntlLoader(source) {
  const edit = EDITS.find((e) => e.file.test(this.resourcePath));
  if (!edit) return source;
  const found = typeof edit.from === 'string' ? source.includes(edit.from) : edit.from.test(source);
  // a new version of the file: fail the build rather than silently keep the start-up cost
  if (!found) throw new Error(`lazy-intl-loader: ${this.resourcePath} changed shape`);
  return source.replace(edit.from, edit.to);
};

module.exports.FILES = EDITS.map((e) => e.file);
