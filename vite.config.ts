import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Tailwind must come before React Router (docs/architecture.md#pitfalls-we-met).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundled into the server build so only the icons we use are loaded, not the whole library
  // (about 100 MB of RSS otherwise).
  ssr: { noExternal: ['lucide-react'] },
});
