import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * Layers (docs/ARCHITECTURE.md, "Layers"): transports are tRPC (`@trpc/server`, `services/src/trpc/`) and
 * HTTP (`fastify`, `@fastify/*`, `services/src/http/`). Domain logic (deciders, services, policies, facts,
 * detectors, stores, …) never imports them, not even for types; only transport adapters and the composition
 * root may. contracts, projections and workers never import a transport at all.
 */
const TRANSPORT_PACKAGES = String.raw`^(?:@trpc/server|fastify(?:-[\w.-]+)?|@fastify/[\w.-]+|@crm/services/router)(?:/.*)?$`;
const TRANSPORT_FOLDERS = String.raw`(?:^|/)(?:trpc|http)/`;
const TRANSPORT_MESSAGE =
  'Domain logic must not depend on a transport (tRPC/HTTP). Throw a DomainError and let a transport adapter ' +
  '(*.router.ts, _router.ts, *.routes.ts, *.handler.ts, *.hook.ts, *.module.ts) map it; see docs/ARCHITECTURE.md "Layers".';
/** The same sources, for esquery selectors (which cannot hold a literal slash: `\x2F` is one). */
const TRANSPORT_SELECTOR_REGEX = String.raw`/^(?:@trpc\x2Fserver|fastify(?:-[\w.-]+)?|@fastify\x2F[\w.-]+|@crm\x2Fservices\x2Frouter)(?:\x2F.*)?$|(?:^|\x2F)(?:trpc|http)\x2F/`;

/** Files in services/src that may import a transport: the adapters and the composition root. */
const TRANSPORT_ADAPTERS = [
  'services/src/**/*.router.ts',
  'services/src/**/_router.ts',
  'services/src/**/*.routes.ts',
  'services/src/**/*.handler.ts',
  'services/src/**/*.hook.ts',
  'services/src/**/*.module.ts',
  'services/src/trpc/**',
  'services/src/http/**',
  'services/src/app/**',
  'services/src/main.ts',
  'services/src/domains.ts',
];

/** The packages whose import graph must stay acyclic (src only; tests import src, never the other way). */
const CYCLE_CHECKED = ['contracts/src/**/*.{ts,tsx}', 'services/src/**/*.{ts,tsx}', 'projections/src/**/*.{ts,tsx}', 'workers/src/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/node_modules/**', '.data/**', '.artifacts/**', 'web/src/i18n/i18n-*.ts', 'web/src/i18n/formatters.ts',
      // Throw-away files that test-support/layering.lint.unit.spec.ts writes for a moment and lints itself.
      '**/__layering_fixture__*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    name: 'crm/layers: no transport in domain logic',
    files: CYCLE_CHECKED,
    ignores: TRANSPORT_ADAPTERS,
    rules: {
      // Core rule: covers `import`, `import type`, `export … from` and `import x = require()` (allowTypeImports
      // stays false: a domain service must not even mention Fastify or tRPC types).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: TRANSPORT_PACKAGES, message: TRANSPORT_MESSAGE },
            { regex: TRANSPORT_FOLDERS, message: TRANSPORT_MESSAGE },
          ],
        },
      ],
      // What no-restricted-imports does not see: `await import('fastify')` and `import('fastify').FastifyReply`.
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=${TRANSPORT_SELECTOR_REGEX}]`, message: TRANSPORT_MESSAGE },
        { selector: `TSImportType[argument.literal.value=${TRANSPORT_SELECTOR_REGEX}]`, message: TRANSPORT_MESSAGE },
      ],
    },
  },
  {
    name: 'crm/layers: no import cycles',
    files: CYCLE_CHECKED,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Node's own resolution is enough: relative imports carry their `.ts` extension and the workspace packages
      // (`@crm/contracts`, …) resolve through their package.json `exports` to src/*.ts (symlinks followed, so a
      // cycle across packages is seen too).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports are erased at runtime and are not followed (import-x's default).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
