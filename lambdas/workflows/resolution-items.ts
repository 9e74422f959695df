import type { ModerationAction } from '#contracts/moderation';
import type { User } from '#contracts/user';
import { inviterNoticeKind, memberNoticeKind, publicMemberName } from '#domain/sanctions';
import { auditEntryPut } from '#data/members';
import type { NamedItem } from '#data/table';
import { sanctionUpdate, moderationLogPut, noticePut, reportResolutionItems, TRANSACTION_ITEM_LIMIT, type StoredReport } from '#data/moderation';

/** What the admin decided, as resolveReport has checked it. */
export interface Resolution {
  report: StoredReport;
  action: ModerationAction;
  reason: string;
  noteToMember: string | null;
  /** The suspension's end (ISO date-time), for 'suspend'. */
  until: string | null;
  /** The member the report is about, while their record exists. */
  subject: User | null;
  admin: { uid: string; displayName: string };
  now: Date;
}

export type ResolutionItemName = 'report' | 'other' | 'member' | 'notice' | 'audit' | 'log';

/** Each further report on the target takes its update, its marker's delete and its reporter's notice. */
const ITEMS_PER_REPORT = 3;

function reporterNotice(report: StoredReport, resolution: Resolution): NamedItem<'notice'> {
  return noticePut(
    report.reporterId,
    { kind: 'report-resolved', noteToMember: null, until: null, targetType: report.target.type, outcome: resolution.action, memberName: null },
    resolution.now,
  );
}

/** The resolution of further open reports on the target: each report, its marker and its reporter's notice. */
export function otherReportItems(reports: readonly StoredReport[], resolution: Resolution): NamedItem<ResolutionItemName>[] {
  return reports.flatMap((other) => [...reportResolutionItems(other, resolution.action, resolution.now, 'other' as const), reporterNotice(other, resolution)]);
}

/** The sanction on the member's record and what the member and their inviter are told. */
function memberItems(resolution: Resolution): NamedItem<ResolutionItemName>[] {
  const { action, subject, until, noteToMember, now, report } = resolution;
  if (!subject) return [];
  const items: NamedItem<ResolutionItemName>[] = [];
  if (action === 'suspend' && until) items.push(sanctionUpdate(subject.uid, { kind: 'suspend', until, note: noteToMember ?? '' }));
  if (action === 'disable-invites') items.push(sanctionUpdate(subject.uid, { kind: 'disable-invites' }));
  const memberKind = memberNoticeKind(action);
  if (memberKind) {
    items.push(
      noticePut(
        subject.uid,
        {
          kind: memberKind,
          noteToMember,
          until: action === 'suspend' ? until : null,
          targetType: action === 'remove-content' ? report.target.type : null,
          outcome: null,
          memberName: null,
        },
        now,
      ),
    );
  }
  const inviterKind = inviterNoticeKind(action);
  const inviterUid = subject.inviteSystem.invitedBy;
  if (inviterKind && inviterUid) {
    items.push(
      noticePut(
        inviterUid,
        { kind: inviterKind, noteToMember: null, until: action === 'suspend' ? until : null, targetType: null, outcome: null, memberName: subject.displayName },
        now,
      ),
    );
  }
  return items;
}

/** What the audit entry says the resolution did (the private reason is its own field). */
function auditOutcome(resolution: Resolution, reportCount: number): string {
  const { action, report, until } = resolution;
  const sanction = action === 'suspend' && until ? `suspend until ${until}` : action;
  return `${sanction} on the reported ${report.target.type} (${reportCount} ${reportCount === 1 ? 'report' : 'reports'} resolved, report ${report.reportId}).`;
}

/**
 * The resolution's one transaction: the report (condition: still open, so a double click applies
 * nothing twice), the sanction on the member's record, the notices (member, inviter, reporters),
 * the audit entry and the public log entry, and as many further open reports on the target as fit
 * in DynamoDB's 100 items; `rest` are resolved after it (resolveRest).
 */
export function resolutionItems(resolution: Resolution, others: readonly StoredReport[]): { items: NamedItem<ResolutionItemName>[]; rest: StoredReport[] } {
  const { report, action, subject, admin, now } = resolution;
  const audit = auditEntryPut(
    {
      action: 'resolveReport',
      actorId: admin.uid,
      actorName: admin.displayName,
      targetId: report.subjectId,
      targetName: subject?.displayName ?? '',
      reason: resolution.reason,
      outcome: auditOutcome(resolution, 1 + others.length),
    },
    now,
  );
  const base: NamedItem<ResolutionItemName>[] = [
    ...reportResolutionItems(report, action, now, 'report' as const),
    reporterNotice(report, resolution),
    ...memberItems(resolution),
    { name: 'audit', Put: audit.put },
    moderationLogPut(
      { action, targetType: report.target.type, reason: report.reason, memberName: publicMemberName(action, subject?.displayName ?? null) },
      now,
    ),
  ];
  const fitting = Math.max(0, Math.floor((TRANSACTION_ITEM_LIMIT - base.length) / ITEMS_PER_REPORT));
  return { items: [...base, ...otherReportItems(others.slice(0, fitting), resolution)], rest: others.slice(fitting) };
}
