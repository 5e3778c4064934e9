// Owned by the console: jsdom + Testing Library for src/ components.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }];
module.exports = {
  displayName: 'components',
  rootDir: require('path').resolve(__dirname, '../..'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
};
