import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ResourceNotFoundException,
  TrimmedDataAccessException,
  type _Record as StreamsRecord,
  type AttributeValue as StreamsAttributeValue,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { jobHandlers } from '#lambdas/callable-handlers';
import { isDeliveredToConsumer, TABLE_STREAM_MAPPING } from '#lambdas/streams/stream-mapping';
import { readJson, writeJson } from './cloud-files.ts';
import { dynamoDbClient } from './dynamodb-local.ts';
import { lambdaContext, loadHandler } from './lambda-modules.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';

/** A stream consumer as Lambda calls it: the event, the context; the answer may report batch item failures. */
export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<unknown>;

/** What the event source mapping does with a batch (TABLE_STREAM_MAPPING, as lib/table-stream.ts deploys it). */
export interface MappingSettings {
  readonly batchSize: number;
  readonly retryAttempts: number;
  readonly bisectBatchOnError: boolean;
  readonly maxRecordAgeSeconds: number;
  readonly timeoutSeconds: number;
}

export interface TableStreamPollerOptions {
  /** DynamoDB Local (its streams API shares the endpoint). */
  endpoint: string;
  tableName: string;
  /**
   * The consumer. Default: the module CDK deploys for the stream (jobHandlers.tableStream), loaded
   * like every handler of the local cloud; tests pass a recording one.
   */
  handler?: StreamHandler;
  /** The on-failure destination: one JSON line per batch set aside (tableStreamFiles). */
  failuresFile: string;
  /** Where each shard's checkpoint is kept between starts; absent: in memory only. */
  checkpointFile?: string;
  /** Overrides of TABLE_STREAM_MAPPING (tests: fewer retries). */
  mapping?: Partial<MappingSettings>;
  /** Pause between polls of a shard that had nothing new. @default 100 ms */
  idlePollMs?: number;
  /** How often DescribeStream looks for new shards. @default 2 s */
  describeEveryMs?: number;
  /** Pause before the nth retry of a failed batch. @default 100 ms × 2^(n-1), at most 2 s */
  retryDelayMs?: (attempt: number) => number;
  log?: (line: string) => void;
  /**
   * Tests: a stand-in for DynamoDB Local's streams API and the stream's ARN (shard lineage and TTL
   * deletions, which DynamoDB Local does not make). Default: DynamoDB Local at `endpoint`.
   */
  streams?: { streamArn: string; client: StreamsApi };
}

/** The part of the streams client the poller uses. */
export type StreamsApi = Pick<DynamoDBStreamsClient, 'send' | 'destroy'>;

/** A batch the mapping set aside, as Lambda sends it to an SQS on-failure destination (plus what only the local cloud adds). */
export interface StreamFailure {
  requestContext: { requestId: string; functionArn: string; condition: 'RetryAttemptsExhausted' | 'RecordAgeExceeded'; approximateInvokeCount: number };
  responseContext: { statusCode: number; executedVersion: string; functionError?: string };
  version: '1.0';
  timestamp: string;
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    approximateArrivalOfFirstRecord: string;
    approximateArrivalOfLastRecord: string;
    batchSize: number;
    streamArn: string;
  };
  /** Local only: AWS sends the batch's position, not its records (read them from the stream by sequence number). */
  localRecords: DynamoDBRecord[];
  /** Local only: the last failure's message. */
  localError?: string;
}

export interface TableStreamPoller {
  readonly streamArn: string;
  /**
   * Resolves once the consumer has caught up with every change made before the call: a
   * DescribeStream begun after the call has run, and every shard has since returned an empty page
   * from a GetRecords begun after the call (or was read to its end), its batches delivered or set aside.
   */
  drained(): Promise<void>;
  /** The on-failure destination's entries so far, oldest first. */
  failures(): StreamFailure[];
  /** Stops polling; a batch being delivered finishes first (a retry being waited for does not). */
  stop(): Promise<void>;
}

/** Where a local cloud keeps the poller's files. */
export function tableStreamFiles(dataDir: string) {
  return { failures: join(dataDir, 'table-stream-failures.jsonl'), checkpoints: join(dataDir, 'table-stream-checkpoints.json') };
}

/** The shards' checkpoints: the last sequence number handled (delivered or set aside), or the end of a closed shard. */
interface Checkpoints {
  streamArn: string;
  shards: Record<string, { sequenceNumber?: string; finished?: true }>;
}

interface ShardState {
  readonly shard: Shard;
  /** Where reading starts when the shard has no checkpoint (TRIM_HORIZON once it was found trimmed). */
  startAt: 'LATEST' | 'TRIM_HORIZON';
  status: 'waiting' | 'reading' | 'finished';
  /** performance.now() when the last GetRecords that came back empty was sent. */
  lastEmptyPollSentAt: number;
  /** An iterator taken before reading began (LATEST, pinned at start). */
  iterator?: string;
  worker?: Promise<void>;
}

type BatchOutcome = { ok: true } | { ok: false; retryFrom: number; error: string };

const defaultRetryDelay = (attempt: number) => Math.min(2000, 100 * 2 ** (attempt - 1));

/** DynamoDB Local gives ApproximateCreationDateTime as a Date (truncated to the minute); Lambda's event carries epoch seconds. */
function epochSeconds(date: Date | undefined): number | undefined {
  return date ? Math.floor(date.getTime() / 1000) : undefined;
}

/** The streams API's attribute value as Lambda's event carries it: JSON, binary as base64. */
function toEventValue(value: StreamsAttributeValue): AttributeValue {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.M !== undefined) return { M: toEventImage(value.M) ?? {} };
  if (value.L !== undefined) return { L: value.L.map(toEventValue) };
  return value as AttributeValue;
}

function toEventImage(image: Record<string, StreamsAttributeValue> | undefined): Record<string, AttributeValue> | undefined {
  return image && Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toEventValue(value)]));
}

/** A record of GetRecords as the event source mapping hands it to the function. */
export function toEventRecord(record: StreamsRecord, streamArn: string): DynamoDBRecord {
  const change = record.dynamodb;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    dynamodb: {
      ApproximateCreationDateTime: epochSeconds(change?.ApproximateCreationDateTime),
      Keys: toEventImage(change?.Keys),
      NewImage: toEventImage(change?.NewImage),
      OldImage: toEventImage(change?.OldImage),
      SequenceNumber: change?.SequenceNumber,
      SizeBytes: change?.SizeBytes,
      StreamViewType: change?.StreamViewType,
    },
    eventSourceARN: streamArn,
    // The streams API names the identity's fields PrincipalId and Type; Lambda's event, principalId and type.
    ...(record.userIdentity && { userIdentity: { type: record.userIdentity.Type, principalId: record.userIdentity.PrincipalId } }),
  };
}

/**
 * The table stream's event source mapping, locally: polls DynamoDB Local's stream and calls the
 * consumer the way Lambda does (lib/table-stream.ts):
 *
 * - each shard is read in order, one batch (up to batchSize records) at a time; a child shard only
 *   after its parent is read to its end; DescribeStream finds new shards every few seconds;
 * - the mapping's filters apply (TABLE_STREAM_FILTERS): only the changes the consumer reacts to, no
 *   TTL deletion (DynamoDB Local never makes any); the others are passed over like delivered ones;
 * - a batch whose answer reports item failures is retried from the lowest reported record (the
 *   records before it count as done); a batch whose invocation throws, times out or answers an
 *   unusable failure is split in two and each half retried (bisectBatchOnError); after
 *   retryAttempts retries, or when its records are older than maxRecordAgeSeconds, the batch goes
 *   to the on-failure destination (a JSON-lines file here, an SQS queue on AWS) and the shard moves on;
 * - each shard's checkpoint (the last record handled) is kept in `checkpointFile`, so a restart of
 *   a persistent cloud resumes after it: nothing is lost and nothing delivered is replayed, bar the
 *   batch being delivered when the process died (at least once, as on AWS). On the first start
 *   over a stream (no checkpoint yet) the shards that exist already are read from LATEST (the
 *   poller starts before the cloud writes anything); shards found later from TRIM_HORIZON;
 * - a shard whose position is reported trimmed is read on from its oldest record. DynamoDB Local
 *   reports it of an iterator taken on a still empty shard once a change to another of its tables
 *   came between (its records share one sequence counter): a fresh table in a busy cloud.
 */
export async function startTableStreamPoller(options: TableStreamPollerOptions): Promise<TableStreamPoller> {
  const settings: MappingSettings = { ...TABLE_STREAM_MAPPING, ...options.mapping };
  const idlePollMs = options.idlePollMs ?? 100;
  const describeEveryMs = options.describeEveryMs ?? 2000;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const log = options.log ?? (() => undefined);
  const loadConsumer = async (): Promise<StreamHandler> => options.handler ?? ((await loadHandler(jobHandlers.tableStream.entry)) as StreamHandler);

  let streamArn = options.streams?.streamArn;
  if (!streamArn) {
    const dynamodb = dynamoDbClient(options.endpoint);
    try {
      streamArn = (await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName }))).Table?.LatestStreamArn;
    } finally {
      dynamodb.destroy();
    }
  }
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);
  const arn = streamArn;
  const streams: StreamsApi =
    options.streams?.client ?? new DynamoDBStreamsClient({ endpoint: options.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });

  const saved = options.checkpointFile ? readJson<Checkpoints>(options.checkpointFile) : undefined;
  const firstStart = saved?.streamArn !== arn;
  const checkpoints: Checkpoints = firstStart ? { streamArn: arn, shards: {} } : saved;
  const saveCheckpoints = () => {
    if (options.checkpointFile) writeJson(options.checkpointFile, checkpoints);
  };

  const shards = new Map<string, ShardState>();
  const stopping = new AbortController();
  let describing: Promise<void> | undefined;
  const drainWaiters: { since: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  /** Sleeps unless the poller stops first (then it returns false). */
  const pause = async (ms: number): Promise<boolean> => {
    try {
      await sleep(ms, undefined, { signal: stopping.signal });
      return true;
    } catch {
      return false;
    }
  };

  const settleDrainWaiters = () => {
    for (const waiter of [...drainWaiters]) {
      const caughtUp = [...shards.values()].every(
        (state) => state.status === 'finished' || (state.status === 'reading' && state.lastEmptyPollSentAt >= waiter.since),
      );
      if (!caughtUp) continue;
      drainWaiters.splice(drainWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  // The on-failure destination.
  mkdirSync(dirname(options.failuresFile), { recursive: true });
  const setAside = (
    shardId: string,
    records: DynamoDBRecord[],
    condition: StreamFailure['requestContext']['condition'],
    invocations: number,
    error: string | undefined,
  ) => {
    const [first, last] = [records[0], records.at(-1)];
    const arrival = (record: DynamoDBRecord | undefined) => new Date((record?.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000).toISOString();
    const failure: StreamFailure = {
      requestContext: {
        requestId: randomUUID(),
        functionArn: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:tableStream`,
        condition,
        approximateInvokeCount: invocations,
      },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', ...(error && { functionError: 'Unhandled' }) },
      version: '1.0',
      timestamp: new Date().toISOString(),
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: first?.dynamodb?.SequenceNumber ?? '',
        endSequenceNumber: last?.dynamodb?.SequenceNumber ?? '',
        approximateArrivalOfFirstRecord: arrival(first),
        approximateArrivalOfLastRecord: arrival(last),
        batchSize: records.length,
        streamArn: arn,
      },
      localRecords: records,
      ...(error && { localError: error }),
    };
    appendFileSync(options.failuresFile, `${JSON.stringify(failure)}\n`);
    log(
      `Table stream: ${records.length} record(s) of ${shardId} (${failure.DDBStreamBatchInfo.startSequenceNumber}…${failure.DDBStreamBatchInfo.endSequenceNumber}) failed ` +
        `(${condition}${error ? `: ${error}` : ''}); sent to the on-failure destination ${options.failuresFile}`,
    );
  };

  /** One invocation of the consumer with a batch, judged as the mapping judges the answer. */
  const invoke = async (records: DynamoDBRecord[]): Promise<BatchOutcome> => {
    const timeoutMs = settings.timeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const consumer = await loadConsumer();
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`Task timed out after ${settings.timeoutSeconds.toFixed(2)} seconds`)), timeoutMs);
      });
      const answer = (await Promise.race([consumer({ Records: records }, lambdaContext('tableStream', timeoutMs)), timedOut])) as
        { batchItemFailures?: { itemIdentifier?: unknown }[] | null } | null | undefined;
      const reported = answer?.batchItemFailures ?? [];
      if (reported.length === 0) return { ok: true };
      // The lowest reported record is the checkpoint; an identifier that names no record of the batch fails all of it.
      const positions = reported.map(({ itemIdentifier }) => records.findIndex((record) => record.dynamodb?.SequenceNumber === itemIdentifier));
      if (positions.some((position) => position < 0))
        return { ok: false, retryFrom: -1, error: `batchItemFailures names no record of the batch: ${JSON.stringify(reported)}` };
      return {
        ok: false,
        retryFrom: Math.min(...positions),
        error: `the consumer reported ${records[Math.min(...positions)]?.dynamodb?.SequenceNumber} failed`,
      };
    } catch (error) {
      return { ok: false, retryFrom: -1, error: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  };

  /** Delivers one page of a shard as the mapping would, retrying and bisecting; false if stopped midway. */
  const deliver = async (shardId: string, page: DynamoDBRecord[]): Promise<boolean> => {
    const oldest = Date.now() / 1000 - settings.maxRecordAgeSeconds;
    const records = page.filter(isDeliveredToConsumer);
    const tooOld = records.filter((record) => (record.dynamodb?.ApproximateCreationDateTime ?? Infinity) < oldest);
    if (tooOld.length > 0) setAside(shardId, tooOld, 'RecordAgeExceeded', 0, undefined);
    const pending = [{ records: records.filter((record) => !tooOld.includes(record)), failures: 0 }];
    while (pending.length > 0) {
      const batch = pending.shift();
      if (!batch || batch.records.length === 0) continue;
      const outcome = await invoke(batch.records);
      if (outcome.ok) continue;
      const failures = batch.failures + 1;
      // Reported item failures: what came before the lowest one is done, the rest is retried as one batch.
      const remaining = outcome.retryFrom >= 0 ? batch.records.slice(outcome.retryFrom) : batch.records;
      if (failures > settings.retryAttempts) {
        setAside(shardId, remaining, 'RetryAttemptsExhausted', failures, outcome.error);
        continue;
      }
      if (!(await pause(retryDelayMs(failures)))) return false;
      if (outcome.retryFrom < 0 && settings.bisectBatchOnError && remaining.length > 1) {
        const half = Math.ceil(remaining.length / 2);
        pending.unshift({ records: remaining.slice(0, half), failures }, { records: remaining.slice(half), failures });
      } else {
        pending.unshift({ records: remaining, failures });
      }
    }
    return true;
  };

  const iteratorFor = async (state: ShardState): Promise<string | undefined> => {
    const saved = checkpoints.shards[state.shard.ShardId ?? ''];
    const position: { ShardIteratorType: ShardIteratorType; SequenceNumber?: string } = saved?.sequenceNumber
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: saved.sequenceNumber }
      : { ShardIteratorType: state.startAt };
    const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: state.shard.ShardId, ...position }));
    return ShardIterator;
  };

  const finish = (state: ShardState) => {
    state.status = 'finished';
    checkpoints.shards[state.shard.ShardId ?? ''] = { ...checkpoints.shards[state.shard.ShardId ?? ''], finished: true };
    saveCheckpoints();
    settleDrainWaiters();
    startReadyShards();
  };

  const readShard = async (state: ShardState): Promise<void> => {
    const shardId = state.shard.ShardId ?? '';
    let iterator = state.iterator;
    state.iterator = undefined;
    while (!stopping.signal.aborted) {
      try {
        iterator ??= await iteratorFor(state);
        if (!iterator) return finish(state);
        const sentAt = performance.now();
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: settings.batchSize }));
        const records = (page.Records ?? []).map((record) => toEventRecord(record, arn));
        if (records.length > 0) {
          if (!(await deliver(shardId, records))) return;
          checkpoints.shards[shardId] = { sequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber };
          saveCheckpoints();
        }
        // Moved on only once the page is handled: should handling it throw, the page is read again.
        iterator = page.NextShardIterator;
        // A closed shard read to its end has no next iterator.
        if (!iterator) return finish(state);
        if (records.length > 0) continue;
        state.lastEmptyPollSentAt = sentAt;
        settleDrainWaiters();
        await pause(idlePollMs);
      } catch (error) {
        if (stopping.signal.aborted) return;
        if (error instanceof ExpiredIteratorException) {
          iterator = undefined; // From the checkpoint again.
        } else if (error instanceof TrimmedDataAccessException) {
          // Read on from the oldest record left, never from LATEST: that would skip what is there.
          // On AWS the records past the checkpoint aged out (24 h). DynamoDB Local also says so of an
          // iterator taken while the shard was empty, once its first record lands: one counter numbers
          // every table's records, the iterator sits at the number the shard began at, and a change
          // to another table in between puts the first record above it. Every record of the shard
          // came after that iterator, so from the oldest is exact there.
          if (checkpoints.shards[shardId]?.sequenceNumber) log(`Table stream: ${shardId} was trimmed past its checkpoint; reading from its oldest record`);
          checkpoints.shards[shardId] = {};
          state.startAt = 'TRIM_HORIZON';
          iterator = undefined;
        } else if (error instanceof ResourceNotFoundException) {
          return finish(state);
        } else {
          log(`Table stream: reading ${shardId} failed (${(error as Error).message}); trying again`);
          await pause(1000);
        }
      }
    }
  };

  /** Starts every shard whose parent is read to its end (or unknown: trimmed away). */
  function startReadyShards() {
    if (stopping.signal.aborted) return;
    for (const state of shards.values()) {
      if (state.status !== 'waiting') continue;
      const parent = state.shard.ParentShardId ? shards.get(state.shard.ParentShardId) : undefined;
      if (parent && parent.status !== 'finished') continue;
      state.status = 'reading';
      state.worker = readShard(state);
    }
  }

  const describe = async (initial: boolean) => {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: exclusiveStartShardId }));
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        const state: ShardState = {
          shard,
          startAt: initial && firstStart ? 'LATEST' : 'TRIM_HORIZON',
          status: checkpoints.shards[shard.ShardId]?.finished ? 'finished' : 'waiting',
          lastEmptyPollSentAt: -Infinity,
        };
        // Pinned before the poller is handed back: a LATEST iterator taken later would miss what is written meanwhile.
        if (state.startAt === 'LATEST' && state.status === 'waiting') state.iterator = await iteratorFor(state);
        shards.set(shard.ShardId, state);
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    startReadyShards();
  };
  /** One DescribeStream round at a time; a caller that needs one begun after now waits for the next. */
  const describeNow = async (): Promise<void> => {
    while (describing) await describing.catch(() => undefined);
    describing = describe(false).finally(() => (describing = undefined));
    return describing;
  };

  await describe(true);
  const describer = (async () => {
    while (await pause(describeEveryMs)) {
      try {
        await describeNow();
      } catch (error) {
        if (!stopping.signal.aborted) log(`Table stream: DescribeStream failed (${(error as Error).message})`);
      }
    }
  })();

  return {
    streamArn: arn,
    async drained() {
      if (stopping.signal.aborted) throw new Error('The table stream poller has stopped');
      const since = performance.now();
      await describeNow();
      await new Promise<void>((resolve, reject) => {
        drainWaiters.push({ since, resolve, reject });
        settleDrainWaiters();
      });
    },
    failures() {
      if (!existsSync(options.failuresFile)) return [];
      return readFileSync(options.failuresFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as StreamFailure);
    },
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      await Promise.allSettled([describer, describing, ...[...shards.values()].map((state) => state.worker)]);
      for (const waiter of drainWaiters.splice(0)) waiter.reject(new Error('The table stream poller has stopped'));
      streams.destroy();
    },
  };
}
