import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, waitUntilReady, type RunningChild } from './child-process.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';

export interface CognitoLocalOptions {
  port: number;
  /** cognito-local keeps everything in `.cognito/` under its working directory: this one. */
  dataDir: string;
  /**
   * Where cognito-local invokes Lambda triggers: the gateway serves the Lambda Invoke API below a
   * base path that carries this start's token (the SDK puts the endpoint's path in front).
   */
  lambdaEndpoint: string;
  /** Cognito trigger name → Lambda function name, e.g. { PreSignUp: 'PreSignUp' }. */
  triggerFunctions: Record<string, string>;
  /** File the mail hook appends each would-be email to (see cognito-mail-hook.mjs). */
  mailboxFile: string;
  echo?: boolean;
}

export interface CognitoLocal {
  child: RunningChild;
  endpoint: string;
  /** The issuer of its tokens is `${issuerDomain}/${userPoolId}`. */
  issuerDomain: string;
}

const MAIL_HOOK = join(dirname(fileURLToPath(import.meta.url)), 'cognito-mail-hook.mjs');
/** AdminUserGlobalSignOut, which cognito-local lacks: drops the account's refresh tokens (see the hook). */
const GLOBAL_SIGN_OUT_HOOK = join(dirname(fileURLToPath(import.meta.url)), 'cognito-global-sign-out-hook.mjs');
/** AdminResetUserPassword, which cognito-local lacks: the account in RESET_REQUIRED and a code mailed (see the hook). */
const ADMIN_RESET_HOOK = join(dirname(fileURLToPath(import.meta.url)), 'cognito-admin-reset-hook.mjs');
/** An unknown username at sign-in answered as the app client's PreventUserExistenceErrors says (see the hook). */
const USER_EXISTENCE_HOOK = join(dirname(fileURLToPath(import.meta.url)), 'cognito-user-existence-hook.mjs');

function cognitoLocalBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
}

/**
 * Written on every start, so a changed port or gateway URL never leaves a stale value behind.
 * The issuer must be the URL clients really use (its default is built from PORT only when the
 * config lacks one, and tokens, JWKS and our verifier must agree on it).
 */
function writeConfig(options: CognitoLocalOptions, endpoint: string): void {
  const configDir = join(options.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const config = {
    LambdaClient: { endpoint: options.lambdaEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS },
    TriggerFunctions: options.triggerFunctions,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', https: false, development: false },
  };
  const file = join(configDir, 'config.json');
  // It names the Lambda endpoint's token: owner only, as founder.json.
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const endpoint = `http://localhost:${options.port}`;
  writeConfig(options, endpoint);
  const child = startChild({
    name: 'cognito-local',
    command: process.execPath,
    args: ['--import', MAIL_HOOK, '--import', GLOBAL_SIGN_OUT_HOOK, '--import', ADMIN_RESET_HOOK, '--import', USER_EXISTENCE_HOOK, cognitoLocalBin()],
    cwd: options.dataDir,
    env: {
      ...process.env,
      PORT: String(options.port),
      LOCAL_MAILBOX_FILE: options.mailboxFile,
      // cognito-local is built on the AWS SDK v2; its end-of-support notice is not ours to act on.
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      NODE_OPTIONS: '',
    },
    echo: options.echo,
  });
  try {
    // A taken port makes cognito-local die quietly; waitUntilReady then reports its output.
    await waitUntilReady(child, async () => {
      const response = await fetch(`${endpoint}/health`);
      if (!response.ok) throw new Error(`health answered ${response.status}`);
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { child, endpoint, issuerDomain: endpoint };
}
