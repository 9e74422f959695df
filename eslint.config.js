import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { housePlugin } from './lint/house-plugin.js';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', 'local/stubs'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { house: housePlugin },
    rules: { 'house/layers': 'error', 'house/no-cycle': 'error' },
  },
  {
    files: ['lambdas/**/*.ts'],
    plugins: { house: housePlugin },
    rules: { 'house/key-literals': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { house: housePlugin },
    rules: { 'house/page-paths': 'error' },
  },
  {
    files: ['lambdas/**/*.{ts,tsx,js}'],
    plugins: { house: housePlugin },
    rules: { 'house/env-reader': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/unit/web/**/*.{ts,tsx}', 'test/support/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
