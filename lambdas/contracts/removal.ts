import * as z from 'zod';
import { userIdSchema } from './anchors.ts';

/** Spec §5 and §8: the admin panel's removal and the account tab's deletion. */
export const REMOVAL_MESSAGES = {
  reasonRequired: 'Please provide a reason for removal',
  cannotRemoveSelf: 'You cannot remove yourself.',
  userNotFound: 'User not found',
  confirmationMismatch: 'Please type DELETE MY ACCOUNT to confirm.',
  founderCannotDelete: "The founder's account cannot be deleted: it anchors the invite tree.",
  /** Web alerts (spec §8). */
  removeFailed: 'Failed to remove user',
  treeFailed: 'Failed to load invite tree',
  deleteFailed: 'Failed to delete account. Please try again.',
} as const;

export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE MY ACCOUNT';

export const adminReasonSchema = z.string().trim().min(1, REMOVAL_MESSAGES.reasonRequired).max(500);

/** Spec §3 Invite tree node: a member and everyone they invited, recursively. */
export interface InviteTreeNode {
  id: string;
  displayName: string;
  email: string;
  location: { city: string; state: string; country: string };
  invitedUsers: InviteTreeNode[];
  /** Signed up with the inviter's code and not joined yet (an invite is held until lapsesAt). */
  pending?: boolean;
  lapsesAt?: string;
  /** An admin or the founder: removing a tree that holds them is refused (the panel says why beforehand). */
  protectedAs?: 'admin' | 'founder';
}

export const inviteTreeNodeSchema: z.ZodType<InviteTreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    displayName: z.string(),
    email: z.string(),
    location: z.object({ city: z.string(), state: z.string(), country: z.string() }),
    invitedUsers: z.array(inviteTreeNodeSchema),
    pending: z.boolean().optional(),
    lapsesAt: z.string().optional(),
    protectedAs: z.enum(['admin', 'founder']).optional(),
  }),
);

export const removalCallables = {
  getUserInviteTree: {
    access: 'admin',
    readOnly: true,
    input: z.object({ userId: userIdSchema }).strict(),
    output: z.object({ tree: inviteTreeNodeSchema, totalUsers: z.number().int() }),
    description:
      "Admin: the member and everyone below them in the invite tree (pending sign-ups included), level by level; totalUsers counts the root; protectedAs marks the admins and the founder, whose presence refuses the removal. 'User not found' (404).",
  },
  removeUserAndInviteTree: {
    access: 'admin',
    input: z.object({ userId: userIdSchema, reason: adminReasonSchema }).strict(),
    output: z.object({
      totalRemoved: z.number().int(),
      errors: z.array(z.string()),
      /** False while members of the tree are left (being removed in the background, or failed). */
      complete: z.boolean(),
      remaining: z.number().int(),
      /**
       * True while the rest is being removed in the background (the worker has it); false when
       * nothing carries it on until the admin asks again: complete, only failed members left, or
       * the hand-off to the worker failed.
       */
      inBackground: z.boolean(),
    }),
    description:
      "Admin: removes the member and everyone they invited, recursively (accounts, records, invite codes, posts, comments, likes, anchors, feed entries, pictures). A tree that holds an admin or the founder is refused whole (403, naming them) before anything is removed; a member who became one after the removal began is kept (named in errors). Works about 8 s, then hands the rest to the removal worker; resumable: calling again reports progress, helps finish and removes nothing twice; once finished, a call answers the final result for a day. Reason required ('Please provide a reason for removal', 400); removing yourself or a tree that holds you: 400 'You cannot remove yourself.'. One audit entry per removal, written with the job and given its outcome when it finishes.",
  },
  deleteMyAccount: {
    presence: 'before-record',
    access: 'member',
    input: z.object({ confirmationText: z.string().max(100) }).strict(),
    output: z.object({ deleted: z.literal(true) }),
    description:
      "Removes everything of the caller (as removal, for one member); their invitees stay with invitedBy kept. confirmationText must be exactly 'DELETE MY ACCOUNT' (400 'Please type DELETE MY ACCOUNT to confirm.'). No audit entry. The founder is refused (403): their account anchors the invite tree.",
  },
} as const;
