import { defineConfig } from '@playwright/test';
import { CHROMIUM, E2E, WORKERS } from './e2e/env';

// Browser tests against the real server (built with `npm run build`) on a fresh SQLite file, in Debian's
// Chromium. `npm run test:e2e` builds and runs them; see e2e/fixtures.ts for what a test gets.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Files are shared out among the workers (E2E_WORKERS, e2e/env.ts), each with a server and a database of its
  // own; a file's tests run in order in one worker.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Room for a loaded machine (a CI host stealing a quarter to a half of the two cores): a passing test takes no
  // longer for it; a board or a stage that starts late is not a failure.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/globalTeardown.ts',
  use: {
    // Each worker's own server: e2e/fixtures.ts sets baseURL from the worker's index.
    baseURL: E2E.servers[0]!.baseURL,
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    viewport: { width: 1280, height: 800 },
    // No trace by default: recording one for every test (a snapshot and a screenshot of every step) made the
    // suite a fifth slower on two cores, and CI's clean clone is thrown away with it. To keep the traces of
    // the tests that fail: npx playwright test --trace retain-on-failure.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: E2E.servers.map((server) => ({
    command: 'node api/dist/index.js',
    url: `${server.baseURL}/api/health`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(server.port),
      HOST: '127.0.0.1',
      APP_URL: server.baseURL,
      DATABASE_URL: `sqlite:${server.database}`,
      MAIL_OUTBOX: server.outbox,
      SMTP_URL: '',
      ADMIN_USERNAME: E2E.admin.username,
      ADMIN_PASSWORD: E2E.admin.password,
      SESSION_SECRET: E2E.sessionSecret,
      // Each test is its own player's machine behind a proxy (X-Forwarded-For from the fixtures), so the
      // per-address limits on login, registration and forgot-password count each test apart.
      TRUST_PROXY: 'loopback',
    } as Record<string, string>,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  })),
});
