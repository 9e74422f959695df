import * as z from 'zod';

/** Spec §8 and §2 (Metrics), verbatim. */
export const METRICS_MESSAGES = {
  calculated: 'Metrics calculated successfully!',
  calculateFailed: 'Failed to calculate metrics',
  empty: 'No metrics data available yet',
} as const;

/** Spec §9: how many daily records each range shows (24 day, 7 week, 30 month). */
export const METRICS_RANGES = { day: 24, week: 7, month: 30 } as const;
export const metricsRangeSchema = z.enum(['day', 'week', 'month']);
export type MetricsRange = z.infer<typeof metricsRangeSchema>;

/** "Active" and "came and left" both look at this many days before the run's date. */
export const ACTIVITY_WINDOW_DAYS = 30;
/** How many inviters a record keeps (the page shows 6: spec §9). */
export const STORED_TOP_INVITERS = 10;
export const SHOWN_TOP_INVITERS = 6;
export const SHOWN_TOP_CITIES = 5;
/**
 * How many cities a record keeps: the largest, so a record stays a few KB (DynamoDB items stop at
 * 400 KB, and the 30 records of a month are read in one 1 MB Query page).
 */
export const STORED_TOP_CITIES = 100;

/** Spec §9 health targets, as fractions. */
export const HEALTH_TARGETS = { engagement: 0.7, localDensity: 0.5, trustGrowth: 0.6 } as const;

const rate = z.number().min(0).max(1);
const count = z.number().int().min(0);

export const topInviterSchema = z.object({
  userId: z.string(),
  /** Invites accepted: members who joined with this member's code (invite consumed). */
  inviteCount: count,
  /** inviteCount / everyone who created an account with this member's code. */
  acceptanceRate: rate,
});
export type TopInviter = z.infer<typeof topInviterSchema>;

/**
 * One day's community metrics (spec §3 communityMetrics), plus `basis`: the counts each rate is
 * the quotient of, so a reader can see "12 of 20", not only "60%". No wall-clock time is stored:
 * a second run the same day over the same data writes the identical record.
 */
export const communityMetricsSchema = z.object({
  date: z.iso.date(),
  totalUsers: count,
  /**
   * Of totalUsers, the members verified in person (their record's verificationLevel is 'verified').
   * Absent on records from before it was counted: nothing is shown rather than an invented zero.
   */
  verifiedInPerson: count.optional(),
  activeUsers: count,
  invitationAcceptanceRate: rate,
  platformRefugeeRate: rate,
  localConnectionDensity: rate,
  /** "City, State" → verified members with a completed profile there (the 100 largest cities). */
  geographicClusters: z.record(z.string(), count),
  topInviters: z.array(topInviterSchema),
  basis: z.object({
    /** Members who created an account with someone's invite code (consumed or still pending). */
    invitedSignups: count,
    /** Of those, the members whose invite was consumed (they completed joining). */
    invitesAccepted: count,
    /** Members who joined before the 30-day window began. */
    establishedMembers: count,
    /** Of those, the members with no activity inside the window. */
    refugees: count,
    acceptedConnections: count,
    localConnections: count,
  }),
});
export type CommunityMetrics = z.infer<typeof communityMetricsSchema>;

/**
 * What members are sent: the record without the champions' user ids. Champions are anonymous on
 * the page, and an id would name them through getUserProfile; the ranked list's order says enough.
 */
export const sharedTopInviterSchema = topInviterSchema.omit({ userId: true });
export type SharedTopInviter = z.infer<typeof sharedTopInviterSchema>;
export const sharedCommunityMetricsSchema = communityMetricsSchema.extend({ topInviters: z.array(sharedTopInviterSchema) });
export type SharedCommunityMetrics = z.infer<typeof sharedCommunityMetricsSchema>;

export const metricsCallables = {
  calculateMetricsManually: {
    refusedWhileSuspended: true,
    access: 'dev-only',
    input: z.object({}).strict(),
    output: sharedCommunityMetricsSchema,
    description: "Dev button: runs the daily metrics job now and returns today's record (a re-run replaces it).",
  },
  getCommunityMetrics: {
    access: 'member',
    readOnly: true,
    input: z.object({ range: metricsRangeSchema }).strict(),
    output: z.object({ records: z.array(sharedCommunityMetricsSchema) }),
    description: 'The latest daily metrics records, newest first: 24 (day), 7 (week) or 30 (month).',
  },
} as const;
