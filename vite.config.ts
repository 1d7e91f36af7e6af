import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console build. The server serves `dist/` (with SPA fallback) and `/config.json`;
// `vite` alone proxies the API to a server on port 3000 for console work.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  // No public folder: nothing but the built console is shipped (the msw worker lives in .storybook/static).
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Top-level await in the entry (config is read before the first render).
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/config.json': 'http://127.0.0.1:3000',
    },
  },
});
