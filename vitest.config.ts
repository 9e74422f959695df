import { defineConfig } from 'vitest/config';

/**
 * One run, four projects: unit (pure code), integration (handlers against an ephemeral local
 * cloud), infra (CDK assertions + cdk-nag), e2e (real Chromium through the real UI).
 */
export default defineConfig({
  test: {
    // Handlers log through Powertools; tests read responses, not logs. Nor EMF metric lines
    // (lambdas/data/product-metrics.ts): test/integration/product-metrics.test.ts turns them on.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/e2e-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
