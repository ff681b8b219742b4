import { defineConfig } from '@playwright/test';

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * The built console against a real fleet-sim (started by global-setup on a free port with a fresh
 * data folder), driven in Debian's Chromium; never a downloaded browser.
 */
export default defineConfig({
  testDir: './src',
  testMatch: '**/*.spec.ts',
  outputDir: '../../tmp/console-e2e/results',
  globalSetup: './src/support/global-setup.ts',
  globalTeardown: './src/support/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI_JSON_REPORT']
    ? [['list'], ['json', { outputFile: process.env['CI_JSON_REPORT'] }]]
    : [['list']],
  use: {
    headless: true,
    // The console turns antd's motion off for it (app/providers.tsx): a dialog or menu is there at once,
    // so no click lands on one still animating in.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
});
