import { defineConfig } from 'vitest/config';
import LaneSequencer from './test/support/lane-sequencer.ts';

/**
 * One run, four projects: unit (pure code), integration (handlers against an ephemeral local
 * cloud), infra (CDK assertions + cdk-nag), e2e (real Chromium through the real UI).
 */
export default defineConfig({
  test: {
    // Handlers log through Powertools; tests read responses, not logs. Nor EMF metric lines
    // (lambdas/data/table/product-metrics.ts): test/integration/product-metrics.test.ts turns them on.
    // Nor X-Ray segments (lambdas/data/table/tracer.ts): no daemon here, and outside Lambda it stays off anyway.
    // Nor the AWS SDK's notice that its 2027 releases need Node 22 (each worker printed it): the
    // functions run on nodejs24.x (lib/app-function.ts); this machine's Node is 20.
    env: {
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    // Two workers on CI's 2 cores (Vitest's default would be one) for unit and infra files. The
    // projects with fileParallelism off (integration: one local cloud and its stream poller, whose
    // waiting tests were slowed past their polls by a second file's writes; e2e: one Chromium) run
    // afterwards, one file at a time (Vitest puts them in a sequential group of their own); `npm test`
    // (local/run-tests.ts) runs integration in two shards (`--shard i/2`) beside e2e, each a vitest
    // process with a local cloud of its own.
    maxWorkers: 2,
    // `--shard` splits the files by their time (test/support/lane-sequencer.ts), not by a hash of their paths.
    sequence: { sequencer: LaneSequencer },
    projects: [
      {
        extends: true,
        // 20 s, not 5: a file that starts ESLint or imports every handler module takes seconds beside other work.
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // isolate: false: a worker runs its infra files in one module graph, so aws-cdk-lib loads
        // once a worker rather than once a file (half the project's time), and a stage synthesized
        // by one file (test/infra/synth.ts caches them) serves the next.
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, isolate: false },
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
