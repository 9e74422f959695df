import { expect } from 'vitest';
import type { CallableInput, CallableName, CallableOutput } from '../../lambdas/contracts/callables.ts';
import type { WireError, WireStatus } from '../../lambdas/contracts/protocol.ts';
import type { Endpoints } from '../../local/cloud-files.ts';
import { AUTHORIZER_REFUSAL } from '../../local/http-helpers.ts';

/**
 * The tests' client for the callables of a running local cloud: POST {apiUrl}/{name} with {data}
 * and a bearer token, as the SPA's client (web/src/lib/api-client.ts) sends it, typed by the same
 * registry (CallableInput, CallableOutput). Unlike the SPA's, it answers with the wire itself
 * (HTTP status, headers, body with the canonical status name), which is what a test asserts.
 *
 * - `call`: data must fit the callable's input; the answer is a success with its output or a refusal.
 * - `ok`: a call that must succeed; its result (throws with the answer otherwise).
 * - `resultOf`: the result of an answer already in hand (throws unless a success).
 * - `expectRefusal(answer, http, status, message?)`: asserts a refusal; returns its error.
 * - `errorOf`: the error an answer carries, if any (for tests that tally answers rather than assert one).
 * - `callRaw`: what the contract refuses on purpose: any name, any data, a raw body.
 */

/** A success with its result, or a refusal: the protocol's, or API Gateway's own for a missing or bad token. */
export type Outcome<T> = { status: 200; body: { result: T } } | { status: number; body: { error: WireError } | typeof AUTHORIZER_REFUSAL };

/** A callable's answer without its headers (also what an in-process handler answers). */
export type Reply<N extends CallableName> = Outcome<CallableOutput<N>>;

export type Answer<N extends CallableName> = Reply<N> & { headers: Headers };

/** An answer read as it came, for requests outside the contract. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** `data` may be left out only where the callable takes nothing required (it is then sent as {}). */
type DataOption<N extends CallableName> = Record<string, never> extends CallableInput<N> ? { data?: CallableInput<N> } : { data: CallableInput<N> };

export type CallOptions<N extends CallableName> = { token?: string; headers?: Record<string, string> } & DataOption<N>;

export interface RawCallOptions {
  token?: string;
  data?: unknown;
  /** The whole request body as sent (default: `{"data": data ?? {}}`). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A request the test means to be refused, or outside the registry: nothing about it is typed. */
export async function callRaw(endpoints: Pick<Endpoints, 'apiUrl'>, name: string, options: RawCallOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${endpoints.apiUrl}/${name}`, {
    method: 'POST',
    headers,
    body: options.rawBody ?? JSON.stringify({ data: options.data ?? {} }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test shows the raw text.
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * Calls a callable with data its contract types. A 200 carries the callable's output: the handler
 * parses what it answers with the same contract (lambdas/http/define-callable.ts).
 */
export async function call<N extends CallableName>(endpoints: Pick<Endpoints, 'apiUrl'>, name: N, options: CallOptions<N>): Promise<Answer<N>> {
  return (await callRaw(endpoints, name, options)) as Answer<N>;
}

/** The result of an answer that must be a success; otherwise throws with what was answered. */
export function resultOf<T>(reply: Outcome<T>, what = 'The call'): T {
  if (reply.status !== 200 || !('result' in reply.body)) throw new Error(`${what} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.result;
}

/** Calls a callable that must succeed: its result. */
export async function ok<N extends CallableName>(endpoints: Pick<Endpoints, 'apiUrl'>, name: N, options: CallOptions<N>): Promise<CallableOutput<N>> {
  return resultOf(await call(endpoints, name, options), name);
}

/**
 * Asserts a refusal in the protocol's shape: the HTTP status, the canonical status name and, when
 * given, the message (a string whole, a RegExp anywhere in it, or an asymmetric matcher such as
 * expect.stringContaining). Returns the error, e.g. for its details.
 */
export function expectRefusal(answer: { status: number; body: unknown }, http: number, status: WireStatus, message?: string | RegExp): WireError {
  const wanted = message === undefined ? expect.any(String) : message instanceof RegExp ? expect.stringMatching(message) : message;
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: http, body: { error: { status, message: wanted } } });
  return (answer.body as { error: WireError }).error;
}

/**
 * The protocol error an answer carries, read as it came: undefined for a success, or a body that
 * has no `error` object (API Gateway's own 401, text).
 */
export function errorOf(answer: { body: unknown }): WireError | undefined {
  const { body } = answer;
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'object' && body.error !== null ? (body.error as WireError) : undefined;
}

/**
 * A missing or bad token refused before any Lambda runs, by API Gateway's JWT authorizer (and the
 * local gateway, which answers exactly as it does): 401 with its own body, not the protocol's.
 */
export function expectAuthorizerRefusal(answer: { status: number; body: unknown }): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: AUTHORIZER_REFUSAL });
}
