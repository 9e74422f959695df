import * as z from 'zod';
import { anchorSchema } from './anchors.ts';

/** Dummy anchors one dev-tools call creates (spec §9). */
export const DUMMY_ANCHOR_COUNT = 10;

/** The dev tools' callables (dev stage and local only); the registry in callables.ts gathers them. */
export const devCallables = {
  createDummyAnchors: {
    refusedWhileSuspended: true,
    access: 'dev-only',
    input: z.object({}).strict(),
    output: z.object({ dummies: z.array(anchorSchema), anchorCount: z.number().int() }),
    description:
      'Dev tools: 10 dummy members (real records with invite codes, same city and state as the caller, profiles completed) anchored to the caller (local, accepted) in one transaction; refused if it would pass 100.',
  },
} as const;
