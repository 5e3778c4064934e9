/**
 * One jest run, three projects:
 *  - api:        server tests against a real PostgreSQL (tests/api)
 *  - components: console components in jsdom with Testing Library (tests/components)
 *  - e2e:        the built console in Debian's Chromium through playwright-core (tests/e2e)
 * `npm test` (scripts/test.sh) runs them after the type check and lint.
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }];

const base = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  // jose and cookie 2 ship ES modules only
  transformIgnorePatterns: ['/node_modules/(?!(jose|cookie)/)'],
};

module.exports = {
  projects: [
    {
      ...base,
      displayName: 'api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/api-setup.ts'],
      globalSetup: '<rootDir>/tests/support/global-db-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-db-teardown.ts',
    },
    require('./tests/components/jest.project.js'),
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/e2e/setup.ts'],
      globalSetup: '<rootDir>/tests/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/tests/e2e/global-teardown.ts',
    },
  ],
};
