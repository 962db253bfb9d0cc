import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { inlineScripts } from './vite-plugins/inline-scripts.ts';
import { bundleReport } from './vite-plugins/bundle-report.ts';
import { precompress } from './vite-plugins/precompress.ts';

/**
 * The browser's code in a few files rather than dozens (docs/architecture/pages.md#pages-with-react):
 * a page that runs React loads the framework, the shared UI, the form library if it has a form,
 * the app's shared modules, and its own route modules. Each request costs a round trip on a phone,
 * and the editor and the QR reader stay in the pages that use them.
 */
const clientChunks = [
  { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'forms', test: /node_modules[\\/](zod|@conform-to)[\\/]/, priority: 20 },
  // What every page with React uses: the toast, buttons (Slot), class helpers, icons.
  {
    name: 'ui',
    test: /node_modules[\\/](@radix-ui[\\/](react-(toast|slot|primitive|compose-refs|context|collection|dismissable-layer|portal|presence|use-[a-z-]+|visually-hidden)|primitive)|clsx|tailwind-merge|class-variance-authority)[\\/]/,
    priority: 15,
  },
  // Menus and dialogs of the portal and the admin.
  { name: 'widgets', test: /node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll[^\\/]*|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/]/, priority: 10 },
  { name: 'app', test: /[\\/](app[\\/](lib|components[\\/](ui|layout|brand))|node_modules[\\/]lucide-react)[\\/]/, minShareCount: 2, priority: 5 },
];

// Tailwind must come before React Router (docs/architecture/pitfalls.md).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [inlineScripts({ appDir: 'app' }), tailwindcss(), reactRouter(), precompress(), bundleReport()],
  resolve: { tsconfigPaths: true },
  // Bundled into the server build so only the icons we use are loaded, not the whole library
  // (about 100 MB of RSS otherwise).
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild ? {} : { rollupOptions: { output: { codeSplitting: { groups: clientChunks } } } },
}));
