import { ActionIcon, Menu } from '@mantine/core';

export interface ContentAction {
  label: string;
  onClick: () => void;
  /** 'red' for destructive actions (Delete). */
  color?: string;
}

/**
 * The "…" menu of a post, a comment or a profile: Edit and Delete on one's own; Report,
 * Mute and Block on anyone else's. Nothing is shown while there is no action.
 */
export function ContentActionsMenu({ label, actions }: { label: string; actions: readonly ContentAction[] }) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="sm">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} size="sm">
          <span aria-hidden="true">…</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.label} color={action.color} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
