import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// This file runs in Node; the console's own code has no Node types.
declare const process: { env: Record<string, string | undefined> };

/**
 * The console is built into apps/web/dist and served by the API server (`npm start`).
 * `npm run dev -w apps/web` proxies /api to TARANG_API_URL (default http://localhost:3000).
 */
const path = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: path('./src') },
      // react-router's package points every import at its development build (with its warnings); the console ships
      // its production build (0.5 KB gzipped less on the sign-in page, whose budget e2e/auth.test.ts checks).
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: path('../../node_modules/react-router/dist/production/index.mjs') }]
        : []),
    ],
  },
  server: {
    proxy: { '/api': { target: process.env.TARANG_API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    // Chunks are named by their hash alone: the entry lists every chunk a lazy page needs (to preload them), and on
    // the sign-in page, which has a budget (decision 012), readable names were bytes paid on every first visit.
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
}));
