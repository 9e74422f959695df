import * as z from 'zod';
import { userIdSchema } from './anchors.ts';

/** Members one admin search returns (spec §9 "Admin user list 20 matches"). */
export const ADMIN_SEARCH_LIMIT = 20;
/** Audit entries the panel shows, newest first. */
export const AUDIT_LOG_LIMIT = 50;

/** The spec's admin messages (§2, §8) verbatim, plus plain sentences for the cases it leaves open. */
export const ADMIN_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  granted: 'Superuser status granted successfully!',
  revoked: 'Superuser status revoked successfully!',
  grantFailed: 'Failed to grant superuser status',
  revokeFailed: 'Failed to revoke superuser status',
  setAdminClaimFailed: 'Failed to set admin claim. This function may not be deployed.',
  userNotFound: 'User not found',
  /** Not in the spec: grant and revoke need a reason as removal does. */
  reasonRequired: 'Please provide a reason',
  alreadySuperuser: 'This member is already a superuser.',
  notSuperuser: 'This member is not a superuser.',
  ownAdminClaimOnly: 'You can only make yourself an admin.',
  /** Not in the spec: a deployed dev stage's Make Me Admin is for the emails its deployer listed. */
  notOnDevAdminList: 'Make Me Admin on this dev deployment is only for the verified emails in its devAdminEmails list, and yours is not one of them.',
  /** Not in the spec: the other dev tools (dummy anchors, metrics now) obey the same list. */
  notOnDevToolsList: 'The dev tools on this dev deployment are only for the verified emails in its devAdminEmails list, and yours is not one of them.',
  searchQueryRequired: 'Please enter a name or email to search',
  /** Not in the spec: admin roles (grantAdmin, revokeAdmin). */
  adminGranted: 'Admin role granted successfully!',
  adminRevoked: 'Admin role revoked successfully!',
  alreadyAdmin: 'This member is already an admin.',
  notAdmin: 'This member is not an admin.',
  founderStaysAdmin: 'The founder cannot be revoked: the founding member stays an admin.',
  /** Not in the spec: grantSuperuserStatus and revokeSuperuserStatus leave the founder's flag alone. */
  founderStaysSuperuser: "The founder's superuser status cannot be changed: the founding member stays a superuser.",
  lastAdmin: 'Cannot revoke the last admin: grant admin to another member first.',
  notJoinedForAdmin: 'Only a member who has joined the community can be made an admin.',
} as const;

/** Why an admin acted; kept in the audit log. Trimmed, required, bounded. */
/** An admin's reason for an action (audit log): required, at most this many characters. */
export const ACTION_REASON_MAX_LENGTH = 500;
export const actionReasonSchema = z.string().trim().min(1, ADMIN_MESSAGES.reasonRequired).max(ACTION_REASON_MAX_LENGTH);

const locationSchema = z.object({ city: z.string(), state: z.string(), country: z.string() });

/** A member as the admin panel lists them (search results, current superusers). */
export const adminMemberSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  location: locationSchema,
  isSuperuser: z.boolean(),
  isAdmin: z.boolean(),
  /** Verified in person (any way): the panel offers Verify or Revoke accordingly. */
  verifiedInPerson: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** Every kind of entry the audit log holds (lambdas/data/members/audit-log.ts writes them). */
export const adminActionSchema = z.enum([
  'grantSuperuser',
  'revokeSuperuser',
  'removeUserAndInviteTree',
  'setAdminClaim',
  'grantAdmin',
  'revokeAdmin',
  'resolveReport',
  'verifyMember',
  'revokeVerification',
]);

/** One audit entry: who (actor), what (action), whom (target), why (reason), when (at). */
export const auditEntrySchema = z.object({
  entryId: z.string(),
  action: adminActionSchema,
  actorId: z.string(),
  actorName: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  reason: z.string(),
  at: z.string(),
  outcome: z.string().optional(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const platformStatsSchema = z.object({
  /** Member records (every account that has a profile record, verified or not). */
  totalUsers: z.number().int(),
  superusers: z.number().int(),
  /** Distinct (city, state) pairs among members who gave a city. */
  distinctCities: z.number().int(),
  /** Member records verified in person (verificationLevel 'verified'). */
  verifiedInPerson: z.number().int(),
  /** Members who joined and are not verified in person yet: those listUnverifiedMembers lists. */
  notYetVerified: z.number().int(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** An admin as the panel lists them: the founder is marked, and `adminSince` is known for admins granted with grantAdmin. */
export const adminRoleSchema = adminMemberSchema.extend({ isFounder: z.boolean(), adminSince: z.string().nullable() });
export type AdminRole = z.infer<typeof adminRoleSchema>;

const superuserChangeInput = z.object({ userId: userIdSchema, reason: actionReasonSchema }).strict();
/**
 * `changed` false: the member already was (grant) or was not (revoke) a superuser; nothing was
 * written and no audit entry was made (a double click or two admins at once read as success).
 */
const superuserChangeOutput = z.object({ member: adminMemberSchema, changed: z.boolean(), auditEntry: auditEntrySchema.nullable() });

const adminChangeInput = z.object({ userId: userIdSchema, reason: actionReasonSchema }).strict();
/**
 * `changed` false: the member already was (grant) or was not (revoke) an admin, nothing was
 * written and no audit entry was made; a double click or two admins at once read as success.
 */
const adminChangeOutput = z.object({ member: adminMemberSchema, changed: z.boolean(), auditEntry: auditEntrySchema.nullable() });

export const adminCallables = {
  grantSuperuserStatus: {
    access: 'admin',
    input: superuserChangeInput,
    output: superuserChangeOutput,
    description:
      "Admin: makes the member a superuser and logs it with the reason, in one transaction; 'User not found' (404); 403 'The founder's superuser status cannot be changed: the founding member stays a superuser.' (the founder's record is a condition of the write). Granting to a superuser (a double click, another admin first) answers success with changed: false and writes nothing, no audit entry either (the current flag is a condition). The reason is trimmed and required.",
  },
  revokeSuperuserStatus: {
    access: 'admin',
    input: superuserChangeInput,
    output: superuserChangeOutput,
    description:
      "Admin: takes superuser status back and logs it with the reason, in one transaction; 'User not found' (404); 403 'The founder's superuser status cannot be changed: the founding member stays a superuser.' (the founder's record is a condition of the write). Revoking from a member who is not a superuser answers success with changed: false and writes nothing. The reason is trimmed and required.",
  },
  grantAdmin: {
    access: 'admin',
    input: adminChangeInput,
    output: adminChangeOutput,
    description:
      "Admin: makes a joined member an admin (isAdmin and adminSince on their record, with the audit entry, in one transaction; then the Cognito admin group, which their next token carries). 'User not found' (404) for no record or a member being removed; 403 'Only a member who has joined the community can be made an admin.' for an account that has not joined. Granting to an admin answers success with changed: false and writes no audit entry. The reason is trimmed and required.",
  },
  revokeAdmin: {
    access: 'admin',
    input: adminChangeInput,
    output: adminChangeOutput,
    description:
      "Admin: takes the admin role back (the record's isAdmin, with the audit entry, in one transaction whose condition is that another admin still holds the role, so two admins revoking each other at once never leave none; then the Cognito admin group). Effective at once: admin callables check the caller's record, not only the token's group. 403 'The founder cannot be revoked: the founding member stays an admin.'; 409 'Cannot revoke the last admin: grant admin to another member first.'; 'User not found' (404). Revoking a member who is not an admin answers success with changed: false and writes nothing. The reason is trimmed and required.",
  },
  getAdminOverview: {
    access: 'admin',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ stats: platformStatsSchema, superusers: z.array(adminMemberSchema), admins: z.array(adminRoleSchema) }),
    description:
      'Admin: platform stats (member records, superusers, distinct cities, members verified in person and joined members not yet verified), the current superusers and the current admins (the founder marked, since when if known), by name; reads only user records.',
  },
  searchMembers: {
    access: 'admin',
    readOnly: true,
    input: z.object({ query: z.string().trim().min(1, ADMIN_MESSAGES.searchQueryRequired).max(100) }).strict(),
    output: z.object({ members: z.array(adminMemberSchema).max(ADMIN_SEARCH_LIMIT) }),
    description:
      'Admin: the first 20 members whose display name (in name order) or, after those, whose email (in email order) starts with the query, case-insensitive.',
  },
  listAuditLog: {
    access: 'admin',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ entries: z.array(auditEntrySchema).max(AUDIT_LOG_LIMIT) }),
    description: 'Admin: the latest 50 admin actions, newest first: who, what, whom, why, when.',
  },
  setAdminClaim: {
    refusedWhileSuspended: true,
    access: 'dev-only',
    input: z.object({ userId: userIdSchema }).strict(),
    output: z.object({ userId: z.string(), isAdmin: z.literal(true) }),
    description:
      "Dev stage and local only (absent on prod: no route, no function, and the handler refuses there too): adds the caller to the Cognito admin group (the only Lambda granted AdminAddUserToGroup) and sets isAdmin on their record; only for the caller's own userId (403 otherwise). On a deployed dev stage the caller's verified Cognito email must be in the stage's devAdminEmails list (403 otherwise; an empty or absent list lets nobody); the local cloud lets anyone. The client then refreshes its token.",
  },
} as const;
