import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import type { ReportTarget } from '#contracts/moderation';
import { serverReason } from '../../../lib/server-reason.ts';
import { MODERATION_UI, useMemberAction } from '../api/moderation.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import type { ContentAction } from '../../../components/content-actions-menu.tsx';
import { ReportDialog } from './report-dialog.tsx';

interface MemberModerationOptions {
  /** Nothing is offered on the viewer's own content or profile. */
  isOwn: boolean;
  member: { uid: string; name: string };
  /** What Report reports: the post, the comment or the member; and how the dialog names it. */
  report: { target: ReportTarget; subject: string };
  /** On a profile: whether the member is muted now (Unmute instead of Mute); unknown elsewhere. */
  muted?: boolean;
  /** After a block succeeded (a profile leaves the page: it is no longer visible). */
  onBlocked?: () => void;
}

/**
 * The "…" menu's Report, Block and Mute for someone else's post, comment or profile, with the
 * report dialog and the block confirmation they open. After a block or a mute the feed, threads,
 * anchors, search and profiles are read again (api/moderation.ts), so the content goes at once.
 */
export function useMemberModeration({ isOwn, member, report, muted = false, onBlocked }: MemberModerationOptions): {
  actions: ContentAction[];
  dialogs: ReactNode;
} {
  const [reporting, setReporting] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const block = useMemberAction('blockMember');
  const mute = useMemberAction('muteMember');
  const unmute = useMemberAction('unmuteMember');

  const failed = (fallback: string) => (error: unknown) => notifications.show({ color: 'red', message: serverReason(error) ?? fallback });

  const actions: ContentAction[] = isOwn
    ? []
    : [
        { label: 'Report', onClick: () => setReporting(true) },
        muted
          ? {
              label: 'Unmute',
              onClick: () =>
                void unmute
                  .mutateAsync(member.uid)
                  .then(() => notifications.show({ color: 'teal', message: MODERATION_UI.unmuted(member.name) }), failed(MODERATION_UI.unmuteFailed)),
            }
          : {
              label: 'Mute',
              onClick: () =>
                void mute
                  .mutateAsync(member.uid)
                  .then(() => notifications.show({ color: 'teal', message: MODERATION_UI.muted(member.name) }), failed(MODERATION_UI.muteFailed)),
            },
        { label: 'Block', color: 'red', onClick: () => setConfirmingBlock(true) },
      ];

  const confirmBlock = () => {
    if (block.isPending) return;
    // The promise, not mutate's callbacks: those are dropped when the post, comment or profile
    // that asked disappears (which a block makes happen).
    void block
      .mutateAsync(member.uid)
      .then(() => {
        notifications.show({ color: 'teal', message: MODERATION_UI.blocked(member.name) });
        onBlocked?.();
      }, failed(MODERATION_UI.blockFailed))
      .finally(() => setConfirmingBlock(false));
  };

  const dialogs = isOwn ? null : (
    <>
      {reporting && <ReportDialog opened onClose={() => setReporting(false)} target={report.target} subject={report.subject} />}
      <ConfirmModal
        opened={confirmingBlock}
        title={MODERATION_UI.blockTitle(member.name)}
        message={MODERATION_UI.blockConsequence}
        confirmLabel="Block"
        busy={block.isPending}
        onConfirm={confirmBlock}
        onCancel={() => setConfirmingBlock(false)}
      />
    </>
  );
  return { actions, dialogs };
}
