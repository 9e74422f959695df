import { Alert, Anchor, Container, Grid, Stack, Tabs, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { isApiError } from '../../../lib/api-client.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAdminAccess, useAdminOverview, useAuditLog } from '../api/admin-api.ts';
import { AccessDenied } from '../components/access-denied.tsx';
import { AdminsCard } from '../components/admins-card.tsx';
import { AdminNotes } from '../components/admin-notes.tsx';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { GrantForm } from '../components/grant-form.tsx';
import { PlatformStatsCard } from '../components/platform-stats.tsx';
import { ReportsTab } from '../components/reports-tab.tsx';
import { SuperusersCard } from '../components/superusers-card.tsx';
import { UnverifiedMembers } from '../components/unverified-members.tsx';
import { UserManagement } from '../components/user-management.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * Spec §2 Admin panel. Admins are told apart by the `admin` group in their token and their
 * record (useAdminAccess); every admin callable checks both again on the server, so this screen
 * only decides what to show. Two tabs: members and roles (superusers, admins, removal, the audit
 * log) and the reports queue.
 */
export default function AdminRoute() {
  const access = useAdminAccess();
  const overview = useAdminOverview(access.isAdmin);
  const auditLog = useAuditLog(access.isAdmin);

  if (access.isPending) return <PageLoader label="Loading the admin panel" />;
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">
        Admin Panel
      </Title>
      {/* On prod an admin without an authenticator app is refused by every admin callable. */}
      {isApiError(overview.error, 'permission-denied') && overview.error.message === ACCOUNT_MESSAGES.adminMfaRequired && (
        <Alert color="yellow" role="alert" mb="md">
          {overview.error.message}{' '}
          <Anchor component={Link} to={paths.settings}>
            Open Settings
          </Anchor>
        </Alert>
      )}
      {!access.isAdmin ? (
        <AccessDenied userId={access.userId} />
      ) : (
        <Tabs defaultValue="members" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="members">Members and roles</Tabs.Tab>
            <Tabs.Tab value="reports">Reports</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="members">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack gap="md">
                  <SuperusersCard
                    superusers={overview.data?.superusers}
                    founderUid={overview.data?.admins.find((admin) => admin.isFounder)?.uid}
                    isLoading={overview.isLoading}
                    isError={overview.isError}
                  />
                  <GrantForm />
                  <AdminsCard admins={overview.data?.admins} isLoading={overview.isLoading} isError={overview.isError} />
                  <GrantForm role="admin" />
                  <UserManagement ownUserId={access.userId} />
                  <UnverifiedMembers />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap="md">
                  <PlatformStatsCard stats={overview.data?.stats} isLoading={overview.isLoading} isError={overview.isError} />
                  <AdminNotes />
                </Stack>
              </Grid.Col>
              <Grid.Col span={12}>
                <AuditLogTable entries={auditLog.data?.entries} isLoading={auditLog.isLoading} isError={auditLog.isError} />
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="reports">
            <ReportsTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </Container>
  );
}
