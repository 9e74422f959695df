import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Signature Version 4 as S3 checks it, for the guard in front of s3rver (local/s3-guard.ts):
 * s3rver takes an unsigned request as anonymous and never checks a V4 signature, so without this
 * anyone who can reach its port reads and writes the bucket (member exports included). Three
 * forms are accepted, the ones the app uses: an Authorization header (the SDK's calls), query
 * parameters (presigned URLs: the export's download link), and a POST policy (the browser's
 * presigned upload). https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 */

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** How S3 refuses: the HTTP status, its error code and message (s3-guard.ts writes S3's XML error). */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses a header-signed request whose time is further than this from its own. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live (7 days). */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

function refusal(code: string, message: string, status = 403): S3Refusal {
  return { status, code, message };
}

/** URI encoding as SigV4 wants it: RFC 3986 unreserved characters kept, everything else %XX. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

function hmac(key: Buffer | string, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/** `20261129T001716Z` as milliseconds, NaN for anything else. */
function parseAmzDate(value: string | undefined): number {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!parts) return Number.NaN;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

interface Scope {
  accessKeyId: string;
  /** `date/region/service/aws4_request`. */
  scope: string;
  date: string;
  region: string;
  service: string;
}

/** `AKID/20261129/us-east-1/s3/aws4_request`, or why S3 would refuse it. */
function parseCredential(value: string | undefined, credentials: SigningCredentials): Scope | S3Refusal {
  const parts = (value ?? '').split('/');
  const [accessKeyId = '', date = '', region = '', service = '', terminator = ''] = parts;
  if (parts.length !== 5 || !/^\d{8}$/.test(date) || service !== 's3' || terminator !== 'aws4_request') {
    return refusal('AuthorizationHeaderMalformed', 'The credential scope is malformed.', 400);
  }
  if (accessKeyId !== credentials.accessKeyId) return refusal('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  return { accessKeyId, scope: parts.slice(1).join('/'), date, region, service };
}

function signingKey(credentials: SigningCredentials, scope: Scope): Buffer {
  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, scope.date);
  return hmac(hmac(hmac(dateKey, scope.region), scope.service), 'aws4_request');
}

function sameSignature(presented: string, expected: string): boolean {
  const a = Buffer.from(presented.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A query string's parameters, decoded, in their order (no `+` for space: the SDK writes %20). */
function queryParameters(query: string): [string, string][] {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? [decodeURIComponent(pair), ''] : [decodeURIComponent(pair.slice(0, equals)), decodeURIComponent(pair.slice(equals + 1))];
    });
}

function canonicalQuery(parameters: [string, string][]): string {
  return parameters
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) => (nameA < nameB ? -1 : nameA > nameB ? 1 : valueA < valueB ? -1 : valueA > valueB ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Each path segment as S3 canonicalizes it (encoded once, whatever encoding the client chose). */
function canonicalPath(path: string): string {
  return path
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

interface SignedParts {
  method: string;
  path: string;
  parameters: [string, string][];
  headers: IncomingHttpHeaders;
  signedHeaders: string;
  payloadHash: string;
  amzDate: string;
  scope: Scope;
  signature: string;
}

function checkSignature(parts: SignedParts, credentials: SigningCredentials): S3Refusal | undefined {
  const names = parts.signedHeaders.split(';');
  if (!names.includes('host')) return refusal('AccessDenied', 'The signature must cover the Host header.');
  const canonicalHeaders: string[] = [];
  for (const name of names) {
    const value = headerValue(parts.headers, name);
    if (value === undefined) return refusal('AccessDenied', `A signed header is missing: ${name}.`);
    canonicalHeaders.push(`${name}:${value}\n`);
  }
  const canonicalRequest = [
    parts.method,
    canonicalPath(parts.path),
    canonicalQuery(parts.parameters),
    canonicalHeaders.join(''),
    parts.signedHeaders,
    parts.payloadHash,
  ].join('\n');
  const stringToSign = [ALGORITHM, parts.amzDate, parts.scope.scope, sha256Hex(canonicalRequest)].join('\n');
  const expected = hmac(signingKey(credentials, parts.scope), stringToSign).toString('hex');
  if (!sameSignature(parts.signature, expected)) {
    return refusal(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return undefined;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-fA-F]{64})$/;

/**
 * Whether S3 would take this request as signed with `credentials`: an Authorization header or a
 * presigned URL whose signature matches, in its time. Anything else (no signature, Signature
 * Version 2, another key, a wrong or stale signature) is refused. The payload's hash is taken as
 * the client declares it (the signature covers the declaration; S3 would also check the bytes).
 */
export function checkSignedRequest(
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  credentials: SigningCredentials,
  now = Date.now(),
): S3Refusal | undefined {
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  let parameters: [string, string][];
  try {
    parameters = queryParameters(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
    canonicalPath(path);
  } catch {
    return refusal('InvalidURI', "Couldn't parse the specified URI.", 400);
  }
  const parameter = (name: string) => parameters.find(([key]) => key === name)?.[1];
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = parameter('X-Amz-Algorithm') !== undefined;

  if (authorization !== undefined && presigned) return refusal('InvalidArgument', 'Only one auth mechanism allowed.', 400);
  if (authorization !== undefined) {
    const fields = AUTHORIZATION.exec(authorization);
    if (!fields) return refusal('AccessDenied', 'Only AWS4-HMAC-SHA256 Authorization headers are accepted.');
    const scope = parseCredential(fields[1], credentials);
    if ('code' in scope) return scope;
    const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
    const time = parseAmzDate(amzDate);
    if (Number.isNaN(time) || !amzDate.startsWith(scope.date)) return refusal('AccessDenied', 'AWS authentication requires a valid x-amz-date header.');
    if (Math.abs(now - time) > MAX_CLOCK_SKEW_MS) {
      return refusal('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
    const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
    if (payloadHash === undefined) return refusal('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256', 400);
    return checkSignature(
      {
        method: request.method,
        path,
        parameters,
        headers: request.headers,
        signedHeaders: fields[2] ?? '',
        payloadHash,
        amzDate,
        scope,
        signature: fields[3] ?? '',
      },
      credentials,
    );
  }
  if (presigned) {
    if (parameter('X-Amz-Algorithm') !== ALGORITHM)
      return refusal('AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"', 400);
    const scope = parseCredential(parameter('X-Amz-Credential'), credentials);
    if ('code' in scope) return scope;
    const amzDate = parameter('X-Amz-Date') ?? '';
    const time = parseAmzDate(amzDate);
    const expires = Number(parameter('X-Amz-Expires'));
    const signature = parameter('X-Amz-Signature') ?? '';
    const signedHeaders = parameter('X-Amz-SignedHeaders') ?? '';
    if (
      Number.isNaN(time) ||
      !amzDate.startsWith(scope.date) ||
      !Number.isInteger(expires) ||
      expires < 1 ||
      expires > MAX_PRESIGNED_SECONDS ||
      !/^[0-9a-fA-F]{64}$/.test(signature)
    ) {
      return refusal('AuthorizationQueryParametersError', 'The presigned URL is malformed.', 400);
    }
    if (now > time + expires * 1000) return refusal('AccessDenied', 'Request has expired');
    if (time > now + MAX_CLOCK_SKEW_MS) return refusal('AccessDenied', 'Request is not valid yet');
    return checkSignature(
      {
        method: request.method,
        path,
        parameters: parameters.filter(([name]) => name !== 'X-Amz-Signature'),
        headers: request.headers,
        signedHeaders,
        payloadHash: parameter('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD,
        amzDate,
        scope,
        signature,
      },
      credentials,
    );
  }
  if (parameter('Signature') !== undefined) {
    return refusal('AccessDenied', 'Signature Version 2 is not accepted: sign with Signature Version 4.');
  }
  return refusal('AccessDenied', 'Anonymous requests are not accepted: sign the request or use a presigned URL.');
}

/**
 * Whether a browser's POST upload (multipart form fields, the file's size) carries a policy signed
 * with `credentials`, not expired, that every field meets: S3's POST policy check. Field names are
 * compared without case, as S3 does. One condition is deliberately left to the app:
 * `content-length-range`, so that the local tests can hand the confirm step an oversized file and
 * see it refused there (on AWS S3 refuses it first, 400 EntityTooLarge).
 */
export function checkPostPolicy(
  form: { bucket: string; fields: Map<string, string> },
  credentials: SigningCredentials,
  now = Date.now(),
): S3Refusal | undefined {
  const field = (name: string) => form.fields.get(name.toLowerCase());
  const policy = field('policy');
  const signature = field('x-amz-signature');
  if (policy === undefined || signature === undefined) {
    return refusal('AccessDenied', 'Anonymous uploads are not accepted: a POST needs a signed policy.');
  }
  if (field('x-amz-algorithm') !== ALGORITHM) return refusal('InvalidArgument', 'x-amz-algorithm must be AWS4-HMAC-SHA256.', 400);
  const scope = parseCredential(field('x-amz-credential'), credentials);
  if ('code' in scope) return scope;
  const expected = hmac(signingKey(credentials, scope), policy).toString('hex');
  if (!sameSignature(signature, expected)) {
    return refusal(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return refusal('InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.', 400);
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  if (Number.isNaN(expiration) || now > expiration) return refusal('AccessDenied', 'Invalid according to Policy: Policy expired.');
  if (!Array.isArray(document.conditions)) return refusal('InvalidPolicyDocument', 'Invalid Policy: conditions must be a list.', 400);

  const value = (name: string) => (name === 'bucket' ? form.bucket : field(name));
  const covered = new Set<string>();
  for (const condition of document.conditions as unknown[]) {
    const failed = refusal('AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition)) {
      const [operator, subject, expectedValue] = condition as unknown[];
      if (operator === 'content-length-range') continue;
      if (typeof operator !== 'string' || typeof subject !== 'string' || !subject.startsWith('$') || typeof expectedValue !== 'string') return failed;
      const name = subject.slice(1).toLowerCase();
      covered.add(name);
      const actual = value(name) ?? '';
      if (operator.toLowerCase() === 'eq' ? actual !== expectedValue : operator.toLowerCase() === 'starts-with' ? !actual.startsWith(expectedValue) : true)
        return failed;
    } else if (typeof condition === 'object' && condition !== null && Object.keys(condition).length === 1) {
      const [[name = '', expectedValue] = []] = Object.entries(condition);
      covered.add(name.toLowerCase());
      if (value(name.toLowerCase()) !== expectedValue) return failed;
    } else {
      return failed;
    }
  }
  const uncovered = [...form.fields.keys()].filter(
    (name) => !['file', 'policy', 'x-amz-signature'].includes(name) && !name.startsWith('x-ignore-') && !covered.has(name),
  );
  if (uncovered.length > 0) return refusal('AccessDenied', `Invalid according to Policy: Extra input fields: ${uncovered.join(', ')}`);
  return undefined;
}
