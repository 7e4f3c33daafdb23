// ESLint flat config: typescript-eslint, react-hooks, the import boundaries of
// ARCHITECTURE.md ("Boundaries") as no-restricted-imports rules per folder, and no import
// cycles anywhere (import-x/no-cycle).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const projectFolders = (...names) => names.flatMap((n) => [`**/${n}/**`, `**/${n}`]);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Files that import each other, however far round, are one module in disguise: neither can
    // be read, tested or loaded without the other, and at run time one of them sees the other
    // half-initialised. The rule does not follow type-only imports (`import type`); the tree has
    // no loop of those either (docs/architecture.md), kept so by review.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files the rule reads to follow imports, and the parser it reads TypeScript with.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // src/domain imports nothing of the project: it is shared by browser and server.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!../domain', '!../domain/*'],
              message: 'src/domain imports nothing else of the project.',
            },
            {
              group: ['react', 'react-dom', 'node:*', 'fs', 'path'],
              message: 'src/domain is pure TypeScript: no React, DOM or Node.',
            },
          ],
        },
      ],
    },
  },
  {
    // The same boundary for files in subfolders of src/domain (validation/): one level deeper.
    files: ['src/domain/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*', '!../../domain', '!../../domain/*'],
              message: 'src/domain imports nothing else of the project.',
            },
            {
              group: ['react', 'react-dom', 'node:*', 'fs', 'path'],
              message: 'src/domain is pure TypeScript: no React, DOM or Node.',
            },
          ],
        },
      ],
    },
  },
  {
    // UI code talks to the sync engine only through the worker API type, and never imports the server.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: projectFolders('server'),
              message: 'The browser app never imports server code.',
            },
            {
              group: projectFolders('sync'),
              message:
                'UI code reaches the sync engine only through the worker API type (import type from workers/).',
              allowTypeImports: false,
            },
          ],
        },
      ],
    },
  },
  {
    // server/ imports src/domain and nothing else of src/.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!domain(/|$))',
              message: 'server/ imports src/domain and nothing else of src/.',
            },
          ],
        },
      ],
    },
  },
);
