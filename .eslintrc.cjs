/**
 * Lint for the whole repository (npm test runs `eslint .`): TypeScript rules that catch real
 * mistakes, and the rules of hooks. Formatting is not linted; the type check is tsc's job.
 */
module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  env: { es2022: true, node: true, browser: true, jest: true },
  reportUnusedDisableDirectives: true,
  ignorePatterns: [
    'node_modules/',
    'dist/',
    'dist-sdk/',
    'build/',
    'coverage/',
    'data/',
    'tmp/',
    'src/.umi/',
    'src/.umi-production/',
    'src/.umi-test/',
    '.umi/',
    '.umi-production/',
    'src/services/api-types.d.ts',
    'server/db/migrations/',
  ],
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
    // TypeScript checks names and redeclarations itself (and knows the types ESLint does not)
    'no-undef': 'off',
    'no-redeclare': 'off',
    '@typescript-eslint/no-unused-vars': [
      'error',
      // unused parameters are how a callback matches its signature: not a mistake
      { args: 'none', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
    ],
    '@typescript-eslint/no-explicit-any': 'off',
    '@typescript-eslint/no-non-null-assertion': 'off',
    '@typescript-eslint/no-empty-object-type': 'off',
    'no-empty': ['error', { allowEmptyCatch: true }],
    // style, not a mistake: shown, does not fail the lint
    'prefer-const': ['warn', { ignoreReadBeforeAssign: true }],
    eqeqeq: ['error', 'smart'],
  },
  overrides: [
    {
      // the building blocks know no module: modules build on core, never the other way round
      // (tests/api/architecture.test.ts checks the same, and import cycles)
      files: ['server/core/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/modules', '**/modules/**'],
                message: 'server/core must not import server/modules: take what a module provides as a parameter or a type parameter.',
              },
            ],
          },
        ],
      },
    },
    {
      // one import style in the console: relative paths (umi's @/ alias would mix two in a file)
      files: ['src/**/*.ts', 'src/**/*.tsx'],
      excludedFiles: ['src/.umi*/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ group: ['@/*'], message: 'import console files by relative path, as the rest of the file does' }] }],
      },
    },
    {
      // CommonJS configuration files (jest projects, this file)
      files: ['*.cjs', '*.js'],
      rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-var-requires': 'off' },
    },
  ],
};
