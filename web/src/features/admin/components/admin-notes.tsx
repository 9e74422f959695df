import { Card, List, Title } from '@mantine/core';

/** Admin notes (spec §1: superusers can generate unlimited invites for new cities). */
export function AdminNotes() {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="admin-notes-title">
      <Title order={2} size="h4" id="admin-notes-title" mb="sm">
        Admin Notes
      </Title>
      <List size="sm" spacing="xs">
        <List.Item>
          Superusers can generate unlimited invites for new cities: their invite code is not limited to 5 local and 5 distant invites, nor by distance, so a
          trusted organiser can start a community where no member lives yet.
        </List.Item>
        <List.Item>Grant superuser status sparingly. Every grant, revoke and removal is kept in the audit log with its reason.</List.Item>
        <List.Item>
          Admins can grant and revoke the admin role. A revoked admin loses the panel at once; the founder stays an admin, and the last admin cannot be revoked.
        </List.Item>
        <List.Item>Removing a member also removes everyone they invited, level by level. It cannot be undone: look at the invite tree first.</List.Item>
      </List>
    </Card>
  );
}
