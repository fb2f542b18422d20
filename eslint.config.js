import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/** Each web feature may use shared code (components, lib, stores, api) but never another feature. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each server module reaches another only through its service (types aside). */
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The start of a relative import that climbs out of its folder, by any number of levels. */
const climbs = '^(\\./)?(\\.\\./)+';

/** A relative import that climbs out of a folder into one of `folders`, at any depth. */
const climbsInto = (folders, except = []) =>
  `${climbs}(features/)?${except.length ? `(?!(${except.join('|')})/)` : ''}(${folders.join('|')})/`;

const restrict = (regex, message) => ['error', { patterns: [{ regex, message }] }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Packages are the bottom layer: pure rules and contracts, used by the apps, using neither.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        `^@store/(server|web|e2e|bench)|${climbs}apps/`,
        'packages import nothing from apps',
      ),
    },
  },
  {
    // Infrastructure serves the modules and knows none of them; app.ts is where they meet.
    files: ['apps/server/src/{plugins,lib}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(`${climbs}modules/`, 'plugins and lib are infrastructure and import no module'),
    },
  },
  ...serverModules
    .map((name) => {
      const others = serverModules.filter((m) => m !== name).join('|');
      const rule = (allowed) => [
        'error',
        {
          patterns: [
            {
              // `../orders/…` from a module's top folder, `../../modules/orders/…` from anywhere.
              regex: `${climbs}(modules/)?(${others})/(?!(${allowed})$)`,
              message:
                'a server module reaches another only through its service (*.service.js); a table may reference ' +
                "another's table; type imports are free",
              allowTypeImports: true,
            },
          ],
        },
      ];
      return [
        {
          files: [`apps/server/src/modules/${name}/**/*.ts`],
          ignores: ['**/*.test.ts', '**/*.table.ts'],
          rules: {
            'no-restricted-imports': 'off',
            '@typescript-eslint/no-restricted-imports': rule('[a-z-]+\\.service\\.js'),
          },
        },
        {
          files: [`apps/server/src/modules/${name}/*.table.ts`],
          rules: {
            'no-restricted-imports': 'off',
            '@typescript-eslint/no-restricted-imports': rule('[a-z-]+\\.table\\.js'),
          },
        },
      ];
    })
    .flat(),
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(
        climbsInto(webFeatures, [feature]),
        'a web feature never imports another; move what both need to components, lib or stores',
      ),
    },
  })),
  {
    files: ['apps/web/src/{components,lib,stores,api,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        `${climbs}(features|app)/`,
        'shared web code never depends on a feature or on the app shell',
      ),
    },
  },
  {
    // Server test files share their worker's modules (isolate: false, ADR 071): a module one file
    // replaced would stay replaced, or stay real, for the files after it.
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'Server tests share modules: observe what a client or operator sees instead of replacing a module.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls by itself must take the focus, or keyboard users cannot scroll it
      // (axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
);
