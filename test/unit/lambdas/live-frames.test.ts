import { describe, expect, it } from 'vitest';
import { FrameTally, LIVE_FRAME_LIMIT } from '../../../lambdas/domain/live-frames.ts';

/** The warm $default function's count of each live socket's frames. */
describe('FrameTally', () => {
  const { maxFrames, windowMs } = LIVE_FRAME_LIMIT;

  it(`admits ${maxFrames} frames of a socket in a window and refuses the next`, () => {
    const tally = new FrameTally();
    for (let i = 0; i < maxFrames; i++) expect(tally.admit('a', 1_000 + i)).toBe(true);
    expect(tally.admit('a', 1_000 + maxFrames)).toBe(false);
  });

  it('admits again once the window has passed: a page pinging for hours is never refused', () => {
    const tally = new FrameTally();
    for (let i = 0; i < maxFrames; i++) tally.admit('a', 0);
    expect(tally.admit('a', windowMs - 1)).toBe(false);
    expect(tally.admit('a', windowMs)).toBe(true);
    // The app's ping, every 5 minutes for a day.
    const honest = new FrameTally();
    for (let minute = 0; minute < 24 * 60; minute += 5) expect(honest.admit('b', minute * 60_000)).toBe(true);
  });

  it('counts each socket apart, and forgets a closed one', () => {
    const tally = new FrameTally();
    for (let i = 0; i <= maxFrames; i++) tally.admit('flooding', 0);
    expect(tally.admit('flooding', 1)).toBe(false);
    expect(tally.admit('honest', 1)).toBe(true);
    tally.forget('flooding');
    expect(tally.admit('flooding', 2)).toBe(true);
  });
});
