import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const apiTarget = process.env.VITE_API_URL || 'http://127.0.0.1:8000'
// changeOrigin false keeps the browser's Host header, so the api sees e.g. early.localhost (special-access mode).
const proxied = { target: apiTarget, changeOrigin: false }

export default defineConfig({
  plugins: [react()],
  server: {
    host: '0.0.0.0',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied,
      // only files below /media: the bare /media path is a vanity redirect handled by the app
      '^/media/.*': proxied,
    },
  },
  preview: {
    proxy: {
      '/api': proxied,
      '^/media/.*': proxied,
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // test files share their worker's module cache rather than each importing React, Chakra and the app again
    // (clean run on 2 cores: 275 s → 63 s); every test makes its own render, fetch stubs and storage
    isolate: false,
    // Testing Library's waits get one generous deadline (src/testing/setup.ts); a test's own limit is above it
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 60_000,
  },
})
