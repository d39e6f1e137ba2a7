import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries (docs/decisions/0010-one-shape.md): routes → areas → lib → common, app/
 * and services/ meet only over HTTP, and an area keeps its server modules to itself. Every import
 * between folders of app/ uses the `~/` alias (relative imports stay inside their folder), so the
 * rules below can read the boundary from the import's text.
 */
const AREAS = [
  'accounts',
  'card',
  'content',
  'coupons',
  'forms',
  'list',
  'newsletter',
  'reminders',
  'rewards',
  'shell',
  'sso',
  'stores',
  'weekly-ad',
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-utils.tsx'];
const upward = {
  regex: '^\\.\\./',
  message: 'Import another folder of app/ through the ~/ alias, so the boundary rules can see it.',
};
const noServices = {
  regex: '(^|/)services/',
  message: 'app/ reaches the reference services only over HTTP, never by import.',
};
const aboveAreas = {
  regex: '^~/(routes|root|entry\\.(server|client))(/|$)',
  message: 'Imports run one way: routes → areas → lib → common.',
};
const areaNames = AREAS.join('|');
const boundaries = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const boundaryConfigs = [
  { files: ['app/**/*.{ts,tsx}'], rules: boundaries([upward, noServices]) },
  {
    files: ['app/lib/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: boundaries([
      upward,
      noServices,
      aboveAreas,
      {
        regex: `^~/(${areaNames})(/|$)`,
        message: 'lib/ holds what areas share and never imports an area: move the need to lib/.',
      },
    ]),
  },
  ...AREAS.map((area) => ({
    files: [`app/${area}/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: boundaries([
      upward,
      noServices,
      aboveAreas,
      {
        regex: `^~/(${AREAS.filter((a) => a !== area).join('|')})/.*\\.server$`,
        message:
          "An area never imports another area's server modules: reach it through the request context, or move the shared need to lib/.",
      },
    ]),
  })),
  {
    files: ['common/**/*.ts'],
    rules: boundaries([
      {
        regex: '^(~|@test)/|(^|/)(app|services|server)/',
        message: 'common/ imports nothing of the app.',
      },
    ]),
  },
  {
    files: ['services/**/*.ts'],
    rules: boundaries([
      {
        regex: '^~/|(^|/)app/',
        message: 'services/ never imports app/: the site reaches a service only over HTTP.',
      },
    ]),
  },
];

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      '.data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: '18.3' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
      'react/no-danger': 'off',
    },
  },
  ...boundaryConfigs,
);
