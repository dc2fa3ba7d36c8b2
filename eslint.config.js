// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundaries } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'services/dialogue-engine/demo/assets/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Request data is typed by the route's TypeBox schema (@fastify/type-provider-typebox), never by a cast.
    files: ['services/{identity,catalog,dialogue,billing,engagement,logging}/src/**/*.ts', 'gateway/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(TSAsExpression, TSTypeAssertion) > MemberExpression.expression[object.name=/^(request|req)$/][property.name=/^(body|params|query)$/]',
          message:
            'declare the body, params or querystring schema (from proto/) on the route and register it through withTypeProvider<TypeBoxTypeProvider>() instead of casting',
        },
      ],
    },
  },
  ...boundaries,
);
