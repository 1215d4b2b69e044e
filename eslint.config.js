import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Node and DOM globals that would make the shared rules impure or tie them to one runtime.
const IMPURE_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'fetch',
  'XMLHttpRequest',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
  'crypto',
  'performance',
  'setTimeout',
  'setInterval',
  'requestAnimationFrame',
].map((name) => ({
  name,
  message: 'shared is pure: pass it in instead of reaching for a DOM or Node global.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read answers of many shapes: loose typing there keeps them short.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**/*.ts', '**/testing.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-globals': ['error', ...IMPURE_GLOBALS],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'shared takes its randomness as an Rng argument.' },
        { object: 'Date', property: 'now', message: 'shared takes the time as an argument.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'shared must not import Node APIs.' },
            {
              regex:
                '^(fs|path|os|http|https|crypto|child_process|url|util|stream|events|buffer|net|tls|zlib|worker_threads)(/.*)?$',
              message: 'shared must not import Node APIs.',
            },
            {
              regex:
                '^(pixi\\.js|@pixi/.*|react|react-dom|react-.*|express|express-.*|knex|mysql2|better-sqlite3|passport.*|gsap|tone|zustand|@tanstack/.*)(/.*)?$',
              message: 'shared holds the rules only: no UI, server or database libraries.',
            },
          ],
        },
      ],
    },
  },
);
