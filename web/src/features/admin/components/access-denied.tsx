import { Alert, Button, Stack, Text } from '@mantine/core';
import { useStage } from '../../../lib/stage.ts';
import { useMakeMeAdmin } from '../api/admin-api.ts';
import { ADMIN_UI, makeMeAdminFailure } from '../admin-messages.ts';

/** Non-admins: the spec's refusal, and Make Me Admin where the stage allows it (never on prod). */
export function AccessDenied({ userId }: { userId: string }) {
  const stage = useStage();
  const makeMeAdmin = useMakeMeAdmin();
  return (
    <Stack gap="md">
      <Alert color="red" role="alert">
        {ADMIN_UI.accessDenied}
      </Alert>
      {stage.data !== undefined && stage.data !== 'prod' && userId && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Development only: add yourself to the admin group. Your sign-in is refreshed and the page reloads.
          </Text>
          <Button w="fit-content" variant="light" onClick={() => makeMeAdmin.mutate(userId)} loading={makeMeAdmin.isPending}>
            Make Me Admin
          </Button>
          {makeMeAdmin.isError && (
            <Alert color="red" role="alert">
              {makeMeAdminFailure(makeMeAdmin.error)}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
