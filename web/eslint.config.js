import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each back-office screen is a folder of features/admin/; the shell and the shared parts are the two that are not.
const admin = './src/features/admin';
const adminScreens = readdirSync(new URL(admin, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['shell', 'shared'].includes(entry.name))
  .map((entry) => entry.name);

export default defineConfig([
  globalIgnores(['dist', 'dist-server', 'playwright-report', 'test-results']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    rules: {
      // shadcn/ui primitives export their cva variants next to the component.
      'react-refresh/only-export-components': [
        'error',
        { allowConstantExport: true, allowExportNames: ['buttonVariants'] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // Follows value imports, static and dynamic; `import type` is erased when compiled and is not followed.
      // Packages cannot import the app back: not walking them keeps this rule to a few seconds.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A screen uses the shell, the shared parts and the app's own folders, never another screen;
      // the shared parts use neither the shell nor a screen.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...adminScreens.map((screen) => ({
              target: `${admin}/${screen}`,
              from: admin,
              except: [`./${screen}`, './shell', './shared'],
              message: 'A back-office screen imports only the shell and the shared parts, not another screen.',
            })),
            {
              target: `${admin}/shared`,
              from: admin,
              except: ['./shared'],
              message: 'The shared parts are used by the shell and the screens, and use neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js', 'playwright.config.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
  },
]);
