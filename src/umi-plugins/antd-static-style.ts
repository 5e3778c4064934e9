/**
 * Build-time umi plugin (node side, never bundled into the console): writes the antd styles of
 * the account pages (login first) as a CSS file linked from index.html.
 *
 * antd generates each component's CSS in the browser at its first render (style objects, then
 * stylis), a good part of the login page's first render. @ant-design/cssinjs skips that for any
 * style a stylesheet already declares in its cache-path map (the `.data-ant-cssinjs-cache-path`
 * rule extractStyle writes), so the components rendered here in node, with the console's default
 * theme, are read from the file instead. Anything else (another theme, components not listed)
 * is generated in the browser as before: the file only ever saves work.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IApi } from 'umi';
// the theme AppRoot gives antd by default (imported here, while umi compiles the plugin's TypeScript)
import { antdTheme, DEFAULT_THEME } from '../shared/theme';

/** the antd components of the account pages' first render (AccountFrame, login-withpwd, the switches) */
function accountPageElements(h: typeof import('react').createElement, antd: typeof import('antd')) {
  const { Alert, Button, Checkbox, Flex, Form, Input, Segmented } = antd;
  return [
    h(Segmented, { key: 's', size: 'small', options: ['a', 'b'] }),
    h(Alert, { key: 'a', type: 'error', showIcon: true, message: 'x' }),
    h(
      Form,
      { key: 'f', layout: 'vertical', requiredMark: false },
      h(Form.Item, { name: 'u', label: 'u', rules: [{ required: true }] }, h(Input, { prefix: h('span'), placeholder: 'u' })),
      h(Form.Item, { name: 'p', label: 'p' }, h(Input.Password, { prefix: h('span') })),
      h(Form.Item, { name: 'k', valuePropName: 'checked' }, h(Checkbox, null, 'k')),
      h(Button, { type: 'primary', htmlType: 'submit', block: true, size: 'large' }, 'go'),
      h(Button, null, 'x'),
    ),
    h(Flex, { key: 'x', justify: 'space-between', wrap: 'wrap', gap: 8 }, 'x'),
  ];
}

/** the CSS text, with the cache-path map that tells cssinjs these styles are already there */
function extractAccountStyles(root: string): string {
  // the node builds (CommonJS) of the very packages the console bundles: same hashes, same CSS
  const req = createRequire(path.join(root, 'package.json'));
  const React = req('react') as typeof import('react');
  const { renderToString } = req('react-dom/server') as typeof import('react-dom/server');
  const antd = req('antd') as typeof import('antd');
  const { createCache, extractStyle, StyleProvider } = req('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const cache = createCache();
  const h = React.createElement;
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: antdTheme(DEFAULT_THEME) }, ...accountPageElements(h, antd))));
  return extractStyle(cache, { plain: true, types: ['style'] });
}

export default (api: IApi) => {
  api.describe({ key: 'consoleAntdStaticStyle' });
  api.modifyExportHTMLFiles((files) => {
    const css = extractAccountStyles(api.paths.cwd);
    if (!css.includes('data-ant-cssinjs-cache-path')) throw new Error('consoleAntdStaticStyle: extractStyle wrote no cache-path map');
    const name = `antd-account.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    fs.writeFileSync(path.join(api.paths.absOutputPath, name), css);
    const link = `<link rel="stylesheet" href="./${name}">\n`;
    return files.map((file) => {
      // before umi's own stylesheet, where cssinjs would have put these styles (the top of <head>)
      const first = file.content.indexOf('<link rel="stylesheet"');
      const at = first >= 0 ? first : file.content.indexOf('</head>');
      return { ...file, content: file.content.slice(0, at) + link + file.content.slice(at) };
    });
  });
};
