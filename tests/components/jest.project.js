// Owned by the console: jsdom + Testing Library for src/ components.
// '@umijs/max' is umi's generated barrel (src/.umi/exports.ts), which needs umi's runtime;
// tests get a small stand-in (support/umi-max.tsx) with the same names: history, Link,
// useLocation, useIntl/getIntl (over locales/en-US.json), useModel, request.
const path = require('path');

// The markdown renderer's packages (unified, remark, rehype, micromark, ...) ship ES modules only:
// jest transforms them like the sources. Prefixes cover the families; the rest are named.
const ESM_PACKAGES = [
  'react-markdown',
  'remark-',
  'rehype-',
  'unified',
  'micromark',
  'mdast-',
  'hast-',
  'unist-',
  'vfile',
  'lowlight',
  '@ungap/structured-clone',
  'bail',
  'ccount',
  'character-',
  'comma-separated-tokens',
  'decode-named-character-reference',
  'devlop',
  'entities',
  'escape-string-regexp',
  'estree-util-',
  'hastscript',
  'html-url-attributes',
  'is-alphabetical',
  'is-alphanumerical',
  'is-decimal',
  'is-hexadecimal',
  'is-plain-obj',
  'longest-streak',
  'markdown-table',
  'parse-entities',
  'parse5',
  'property-information',
  'space-separated-tokens',
  'stringify-entities',
  'trim-lines',
  'trough',
  'web-namespaces',
  'zwitch',
];

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }];
module.exports = {
  displayName: 'components',
  // absolute: jest.config.js requires this object, so a relative rootDir would be taken from there
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')}))`],
  moduleNameMapper: {
    '^@umijs/max$': '<rootDir>/tests/components/support/umi-max.tsx',
    '^@/(.*)$': '<rootDir>/src/$1',
    // antd's ES build is not transformed under jest; its CommonJS build is the same code
    '^antd/es/(.*)$': 'antd/lib/$1',
    '\\.(css|less)$': '<rootDir>/tests/components/support/style-stub.js',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/components/support/setup.ts'],
};
