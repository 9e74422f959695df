import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ContentAction } from '../../../components/content-actions-menu.tsx';

interface DeleteMutation {
  isPending: boolean;
  mutate: (variables: undefined, options: { onSuccess: () => void; onError: () => void; onSettled: () => void }) => void;
}

/**
 * The "…" menu's Edit and Delete for the author's own post or comment (nothing for anyone else's),
 * with the state they open: the inline editor, and the confirmation before a delete. A second
 * confirmation while the delete is on its way sends nothing more.
 */
export function useOwnContentActions(isOwn: boolean, edit: { reset: () => void }, remove: DeleteMutation, messages: { deleted: string; deleteFailed: string }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const actions: ContentAction[] = isOwn
    ? [
        {
          label: 'Edit',
          onClick: () => {
            edit.reset();
            setEditing(true);
          },
        },
        { label: 'Delete', color: 'red', onClick: () => setConfirming(true) },
      ]
    : [];
  const confirmDelete = () => {
    if (remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: messages.deleted }),
      onError: () => notifications.show({ color: 'red', message: messages.deleteFailed }),
      onSettled: () => setConfirming(false),
    });
  };
  return { actions, editing, setEditing, confirming, setConfirming, confirmDelete };
}
