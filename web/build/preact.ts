import type { Alias, Plugin } from 'vite';

/**
 * The app is written against React's API and runs on Preact (`preact/compat`): the same code, a
 * runtime a third of react-dom's size. Every import of React, by the app or by a library (react-router,
 * TanStack Query, Radix, react-hook-form, lucide), resolves to Preact's; the browser's build, the
 * server's bundle (build/ssr-bundle.ts) and the `web` tests (vitest.config.ts) all use these, so the
 * markup the server sends, the code that hydrates it and the code under test are one renderer.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // compat's runtime, not preact/jsx-runtime: it loads compat first, which maps React's props (className,
  // onChange, …) onto the DOM's.
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * JSX with the automatic runtime (`react/jsx-runtime`, aliased above) in place of @vitejs/plugin-react,
 * whose Fast Refresh drives React's reconciler only: in development an edited component reloads the page.
 */
export function preactJsx(): Plugin {
  return {
    name: 'hostel:preact-jsx',
    config: () => ({
      oxc: { jsx: { runtime: 'automatic', importSource: 'react', refresh: false } },
      resolve: { alias: preactAliases, dedupe: ['preact'] },
      build: {
        rolldownOptions: {
          onwarn(warning, warn) {
            // What plugin-react silenced: the libraries' 'use client' lines, which mean nothing in a bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /use (client|server)/.test(warning.message)) return;
            // react-router reads React.useOptimistic if there is one and does without it otherwise; compat has none.
            if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
            warn(warning);
          },
        },
      },
    }),
  };
}
