// ESLint flat config: typescript-eslint, react-hooks, the design card's import boundaries
// (docs/architecture.md, "What each may import") as no-restricted-imports rules per folder, and
// no import cycles anywhere (import-x/no-cycle).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const projectFolders = (...names) => names.flatMap((n) => [`**/${n}/**`, `**/${n}`]);

/** What no browser code imports: the server, and the sync engine other than through the worker. */
const browserPatterns = [
  { group: projectFolders('server'), message: 'The browser app never imports server code.' },
  {
    group: projectFolders('sync'),
    message:
      'UI code reaches the sync engine only through the worker API type (import type from workers/).',
    allowTypeImports: false,
  },
  {
    // A value imported from workers/ would run the worker's code in the tab; its API is a type.
    group: projectFolders('workers'),
    message: 'UI code imports the worker API as a type only (import type from workers/).',
    allowTypeImports: true,
  },
];
/** src/protocol, the wire shared by the server and every client, stands on src/domain alone. */
const protocolImportsDomainOnly = {
  group: ['../*', '!../domain', '!../domain/*'],
  message: 'src/protocol imports src/domain and nothing else of the project.',
};
/** The organiser app's shell (src/app) is imported by src/main.tsx only. */
const noShell = {
  group: projectFolders('app'),
  message:
    'Screens and shared modules never import the app shell (src/app): it composes them. Move what you need to src/ui, src/auth or src/domain.',
};

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
  // The browser modules' boundaries (docs/architecture.md "What each may import"). ESLint applies one
  // no-restricted-imports setting per file, the last that matches, so each block lists every
  // pattern its folder needs.
  {
    // The organiser app's shell composes the screens; it may import anything of the browser.
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: browserPatterns }] },
  },
  {
    // Screens and shared browser modules never import the shell: features depend on `ui`,
    // `domain`, `api`, `auth` and `localdb`, and the shell composes them, not the reverse.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**', 'src/app/**', 'src/main.tsx', 'src/play/**', 'src/live/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...browserPatterns, noShell] }] },
  },
  {
    // The live screens are their own entry: no organiser screens, no shell, no player.
    files: ['src/live/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserPatterns,
            noShell,
            {
              group: projectFolders('features', 'play'),
              message: 'The live screens are their own entry: they import shared modules only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The phone player is its own small bundle: no Mantine, no local database, no organiser code.
    files: ['src/play/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserPatterns,
            noShell,
            {
              // (src/play has a ui.tsx of its own: the shared folders are named from src/play.)
              group: [
                ...projectFolders('features', 'live', 'localdb', 'auth'),
                ...['ui', 'api', 'pwa', 'telemetry'].flatMap((n) => [`../${n}`, `../${n}/**`]),
              ],
              message:
                'The player is its own small bundle: it imports src/domain and src/protocol only.',
            },
            {
              group: ['@mantine/*', 'rxdb', 'rxdb/*', 'dexie'],
              message: 'The player keeps its own small bundle: no Mantine, no local database.',
            },
            {
              group: ['**/protocol/schemas'],
              message:
                "The player keeps its own small bundle: the protocol's plain guards, not its zod schemas.",
            },
          ],
        },
      ],
    },
  },
  {
    // src/protocol is the wire the server and every client share, the phone player included:
    // it imports src/domain only, and no zod (the player's bundle stays small) except in
    // schemas.ts, the payloads' zod schemas, which the player does not import.
    files: ['src/protocol/**/*.ts'],
    ignores: ['src/protocol/schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            protocolImportsDomainOnly,
            {
              group: ['zod', 'zod/*', 'react', 'react-dom', '@mantine/*'],
              message: 'src/protocol is loaded by the phone player: no zod, React or Mantine.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/protocol/schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            protocolImportsDomainOnly,
            {
              group: ['react', 'react-dom', '@mantine/*'],
              message:
                'src/protocol is shared with the server and the workers: no React or Mantine.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sync engine and its worker are plain TypeScript over the local database: no React,
    // no screens. They import src/domain, src/protocol (the server's streams) and src/localdb.
    files: ['sync/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!(domain|protocol|localdb)(/|$))',
              message:
                'sync/ and workers/ import src/domain, src/protocol and src/localdb, nothing else of src/.',
            },
            {
              regex: '^(\\.\\./)+src/localdb/hooks(/|$)',
              message: "sync/ and workers/ run without React: not the local database's hooks.",
            },
            {
              group: ['react', 'react-dom', '@mantine/*'],
              message: 'sync/ and workers/ are plain TypeScript: no React.',
            },
          ],
        },
      ],
    },
  },
  {
    // server/ imports src/domain and src/protocol (the wire of its streams), nothing else of src/.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!(domain|protocol)(/|$))',
              message: 'server/ imports src/domain and src/protocol, nothing else of src/.',
            },
          ],
        },
      ],
    },
  },
);
