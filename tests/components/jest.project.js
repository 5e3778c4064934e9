// Owned by the console: jsdom + Testing Library for src/ components.
// '@umijs/max' is umi's generated barrel (src/.umi/exports.ts), which needs umi's runtime;
// tests get a small stand-in (support/umi-max.tsx) with the same names: history, Link,
// useLocation, useIntl/getIntl (over locales/en-US.json), useModel, request.
const path = require('path');

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }];
module.exports = {
  displayName: 'components',
  // absolute: jest.config.js requires this object, so a relative rootDir would be taken from there
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: {
    '^@umijs/max$': '<rootDir>/tests/components/support/umi-max.tsx',
    '^@/(.*)$': '<rootDir>/src/$1',
    // antd's ES build is not transformed under jest; its CommonJS build is the same code
    '^antd/es/(.*)$': 'antd/lib/$1',
    '\\.(css|less)$': '<rootDir>/tests/components/support/style-stub.js',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/components/support/setup.ts'],
};
