import { AdminAddUserToGroupCommand, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from './aws-clients.ts';

/** Adds the account to a Cognito group (idempotent); its next token carries the group. */
export async function addUserToGroup(username: string, groupName: string): Promise<void> {
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: groupName }));
}

/**
 * Everyone in a Cognito group, by username and by sub (a record's uid is the sub; an account on
 * the way in is known by its username): one paged ListUsersInGroup, cheap for a group as small as
 * the admins, whatever the size of the tree it is checked against.
 */
export async function groupMemberIds(groupName: string): Promise<ReadonlySet<string>> {
  const ids = new Set<string>();
  let nextToken: string | undefined;
  do {
    const page = await cognito().send(new ListUsersInGroupCommand({ UserPoolId: userPoolId(), GroupName: groupName, Limit: 60, NextToken: nextToken }));
    for (const user of page.Users ?? []) {
      if (user.Username) ids.add(user.Username);
      const sub = user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      if (sub) ids.add(sub);
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return ids;
}
