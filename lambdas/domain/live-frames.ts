/**
 * How many frames one live socket may send: the app sends a ping every 5 minutes, so 30 a minute
 * leaves room for the frame types later features add to the client message contract, and is a wall
 * against a page (or a script) that floods (200 frames of 100 KB in 2.5 s were accepted).
 */
export const LIVE_FRAME_LIMIT = { maxFrames: 30, windowMs: 60_000 } as const;

/** Past this many sockets the tally forgets them all (a warm function's memory; the stage throttle walls the rest). */
const MAX_SOCKETS = 10_000;

/**
 * Each socket's frames in its current window, as one warm function sees them: a window starts at
 * the socket's first frame after the last one ended. Nothing is written per frame: on AWS each
 * function instance counts the frames it served (a socket's frames may land on several), as the
 * read-only request budget does.
 */
export class FrameTally {
  private readonly windows = new Map<string, { start: number; frames: number }>();

  constructor(private readonly limit: { maxFrames: number; windowMs: number } = LIVE_FRAME_LIMIT) {}

  /** Counts a frame of `socket` at `now` (epoch ms): false once the socket is past its limit. */
  admit(socket: string, now: number): boolean {
    const current = this.windows.get(socket);
    if (!current || now - current.start >= this.limit.windowMs) {
      if (!current && this.windows.size >= MAX_SOCKETS) this.windows.clear();
      this.windows.set(socket, { start: now, frames: 1 });
      return 1 <= this.limit.maxFrames;
    }
    current.frames += 1;
    return current.frames <= this.limit.maxFrames;
  }

  /** Forgets a closed socket. */
  forget(socket: string): void {
    this.windows.delete(socket);
  }
}
