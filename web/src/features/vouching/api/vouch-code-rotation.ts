import { useEffect, useState } from 'react';
import { VOUCH_CODE_SECONDS } from '#contracts/vouching';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Codes one showing of the page mints, one a minute, before it stops and asks: ten minutes is a
 * long meeting, and it keeps an open page well inside the 'vouchCodes' budget (60 an hour).
 */
export const CODES_PER_SHOWING = 10;

export interface ShownCode {
  nonce: string;
  code: string;
  /** When the code stops being good, on this browser's clock: its minute counted from its arrival. */
  endsAt: number;
}

export type CodeRotation =
  | { state: 'loading' }
  /** `number`: the code's place in this showing, 1 to CODES_PER_SHOWING. */
  | { state: 'showing'; code: ShownCode; number: number }
  /** CODES_PER_SHOWING codes were shown: none now until the member asks for a new one. */
  | { state: 'paused' }
  | { state: 'failed'; error: unknown };

/**
 * The member's vouch code, a new one each minute: the next is asked for when the shown one's
 * minute ends, so each code stays on screen for all of its minute. After CODES_PER_SHOWING codes
 * it pauses; `showNewCodes` starts another showing (also the way out of a failure).
 */
export function useVouchCodeRotation(): { rotation: CodeRotation; showNewCodes: () => void } {
  const [rotation, setRotation] = useState<CodeRotation>({ state: 'loading' });
  const [showing, setShowing] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mint = async (number: number): Promise<void> => {
      try {
        const answer = await callApi('createVouchCode', {}, { signal: controller.signal });
        if (controller.signal.aborted) return;
        const code: ShownCode = { nonce: answer.nonce, code: answer.code, endsAt: Date.now() + answer.validForSeconds * 1000 };
        setRotation({ state: 'showing', code, number });
        timer = setTimeout(() => {
          if (number < CODES_PER_SHOWING) void mint(number + 1);
          else setRotation({ state: 'paused' });
        }, code.endsAt - Date.now());
      } catch (error) {
        if (!controller.signal.aborted) setRotation({ state: 'failed', error });
      }
    };
    void mint(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [showing]);

  const showNewCodes = () => {
    setRotation({ state: 'loading' });
    setShowing((count) => count + 1);
  };
  return { rotation, showNewCodes };
}

/** Whole seconds left until `endsAt` (0 to a code's minute), kept current once a second. */
export function useSecondsLeft(endsAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return Math.min(VOUCH_CODE_SECONDS, Math.max(0, Math.ceil((endsAt - now) / 1000)));
}
