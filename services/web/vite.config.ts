import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (port 3000) serves /api; in development Vite forwards to it.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
});
