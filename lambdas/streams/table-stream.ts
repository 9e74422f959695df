import { reactToChange } from './react-to-change.ts';
import { defineStreamConsumer } from './stream-consumer.ts';

/**
 * The consumer of the table's stream (lib/table-stream.ts on AWS, local/table-stream.ts locally):
 * fan-out to feeds, feeds that follow anchoring, and pushes to open pages (react-to-change.ts).
 */
export const handler = defineStreamConsumer(reactToChange);
