import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from './aws-clients.ts';

/** Adds the account to a Cognito group (idempotent); its next token carries the group. */
export async function addUserToGroup(username: string, groupName: string): Promise<void> {
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: groupName }));
}
