import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_GOOGLE_ISSUER } from './google-provider.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'data/e2e');

/** The built app on its own port and data folder, driven in Debian's Chromium at phone size. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  // Screenshots (visual.spec.ts) may differ by 0.2% of their pixels: anti-aliasing, not layout (a line moved is more).
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node apps/server/src/main.ts`,
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // TRUST_PROXY: the fixtures' API sign-ins each name an address of their own (X-Forwarded-For), so the
    // suite's many sign-ins do not spend the 30 codes an hour one network may ask for (the UI's own
    // sign-in, without the header, still counts against 127.0.0.1).
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      SUPPORT_PHONE: '+12025550100',
      GOOGLE_CLIENT_ID: 'planns-e2e.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'planns-e2e-secret',
      GOOGLE_ISSUER: E2E_GOOGLE_ISSUER,
    },
  },
});
