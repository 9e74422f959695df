import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { AdminMember } from '#contracts/admin';
import { useInviteTree, useRemoveUser } from '../api/admin-api.ts';
import { ADMIN_UI, failureMessage, type RemovalResult } from '../admin-messages.ts';
import { InviteTree } from './invite-tree.tsx';

interface RemoveDialogProps {
  member: AdminMember;
  onClose: () => void;
  onRemoved: (result: RemovalResult, reason: string) => void;
}

/**
 * Spec §2 remove dialog: a required reason, then (only once there is one) the acknowledgment
 * checkbox, then the final button. The invite tree can be shown first. Mounted per member, so
 * each opening starts empty.
 */
export function RemoveDialog({ member, onClose, onRemoved }: RemoveDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [showTree, setShowTree] = useState(false);
  const tree = useInviteTree(member.uid, showTree);
  const remove = useRemoveUser();
  const hasReason = reason.trim().length > 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!hasReason || !acknowledged) return;
    const trimmed = reason.trim();
    remove.mutate({ userId: member.uid, reason: trimmed }, { onSuccess: (result) => onRemoved(result, trimmed) });
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title={`Remove ${member.displayName}`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            This removes {member.displayName} ({member.email}) and everyone they invited, and everyone those members invited: their accounts, profiles, invite
            codes, posts, comments, likes, anchors and photos. It cannot be undone.
          </Text>
          <Textarea
            label="Reason for removal"
            value={reason}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setReason(next);
              setTouched(true);
              if (!next.trim()) setAcknowledged(false);
            }}
            onBlur={() => setTouched(true)}
            error={touched && !hasReason ? ADMIN_UI.reasonRequired : undefined}
            maxLength={500}
            autosize
            minRows={2}
            required
            data-autofocus
          />
          {hasReason && (
            <Checkbox
              label={`I understand that ${member.displayName} and everyone below them in the invite tree will be permanently removed`}
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            />
          )}
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={() => (showTree ? void tree.refetch() : setShowTree(true))} loading={tree.isFetching}>
              Show invite tree
            </Button>
          </Group>
          {tree.isError && (
            <Alert color="red" role="alert">
              {ADMIN_UI.treeFailed}
            </Alert>
          )}
          {tree.data && <InviteTree tree={tree.data.tree} totalUsers={tree.data.totalUsers} />}
          {remove.isError && (
            <Alert color="red" role="alert">
              {failureMessage(ADMIN_UI.removeFailed, remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!hasReason || !acknowledged} loading={remove.isPending}>
              Remove User and Invite Tree
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
