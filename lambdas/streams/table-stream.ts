import { defineStreamConsumer } from './stream-consumer.ts';

/**
 * The consumer of the table's stream (lib/table-stream.ts on AWS, local/table-stream.ts locally).
 * Placeholder until the fan-out: every change is acknowledged and nothing else happens.
 */
export const handler = defineStreamConsumer(async () => {
  // reactions land with the fan-out
});
