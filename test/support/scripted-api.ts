/**
 * A stand-in for web/src/lib/api-client.ts in jsdom tests: each callable answers as the test says
 * (`answers[name]`), and every call is recorded in `calls`. A test file mocks the module with it:
 * `vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'))`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

export const calls: { name: string; data: unknown }[] = [];
/** The answers by callable name; a Map would read better, but the tests assign whole objects of them. */
export const answers: Partial<Record<string, (data: unknown) => unknown>> = {};

/** Forgets the calls made and the answers given (each test sets its own). */
export function resetScriptedApi(): void {
  calls.length = 0;
  for (const name of Object.keys(answers)) answers[name] = undefined;
}

export function isApiError(error: unknown, status?: string): boolean {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

let signingOut = false;

/** As the real one, for calls made while `work` runs (the tab signing out): refused as cancelled, not recorded. */
export async function signingOutWith<T>(work: () => Promise<T>): Promise<T> {
  signingOut = true;
  try {
    return await work();
  } finally {
    signingOut = false;
  }
}

export async function callApi(name: string, data: unknown): Promise<unknown> {
  if (signingOut) throw new ApiError('cancelled', 'The request was cancelled.');
  calls.push({ name, data });
  const answer = answers[name];
  if (!answer) throw new ApiError('internal', `no answer for ${name}`);
  return answer(data);
}
