import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (local/ sits directly under it). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm start` keeps everything between runs; `npm run reset` deletes it. */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.local');

/** `.local/endpoints.json`: the contract other tools and tests read. */
export interface Endpoints {
  /** The SPA; '' when the cloud runs without it (integration tests). */
  webUrl: string;
  /** Base URL of the callables: `POST {apiUrl}/{callable}`. */
  apiUrl: string;
  region: string;
  cognito: { endpoint: string; userPoolId: string; userPoolClientId: string };
  s3: { endpoint: string; bucket: string };
  dynamodb: { endpoint: string; tableName: string };
  /** `GET {mailboxUrl}?to=<email>` → the codes Cognito would have emailed, newest first. */
  mailboxUrl: string;
  /** The live socket: `new WebSocket(live.url, liveProtocols(accessToken))` (lambdas/contracts/push.ts). */
  live: { url: string };
}

/** `.local/founder.json`: the founding admin + superuser, to sign in and invite the first members. */
export interface Founder {
  email: string;
  password: string;
  userId: string;
  inviteCode: string;
}

/** Ids of what the first start created, so later starts reuse them. */
export interface CloudState {
  userPoolId?: string;
  userPoolClientId?: string;
  /**
   * The table the cloud serves, when not TABLE_NAME: set by the restore drill (local/drill/), as
   * a deploy would set the functions' TABLE_NAME to a restored table on AWS.
   */
  tableName?: string;
}

export function cloudFiles(dataDir: string) {
  return {
    dataDir,
    state: join(dataDir, 'state.json'),
    endpoints: join(dataDir, 'endpoints.json'),
    founder: join(dataDir, 'founder.json'),
    mailbox: join(dataDir, 'mailbox.jsonl'),
    pid: join(dataDir, 'cloud.pid'),
    dynamodb: join(dataDir, 'dynamodb'),
    cognito: join(dataDir, 'cognito'),
    s3: join(dataDir, 's3'),
  };
}

export type CloudFiles = ReturnType<typeof cloudFiles>;

export function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Write-then-rename, so a reader never sees half a file (tests poll endpoints.json). */
export function writeJson(file: string, value: unknown, mode = 0o644): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode });
  renameSync(temporary, file);
}
