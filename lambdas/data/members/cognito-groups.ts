import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#data/table';

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

/**
 * Puts the account whose sub is `uid` in the group (true) or takes it out (false); both are
 * idempotent, and an account that is gone is a no-op. With email sign-in the username need not
 * equal the sub, so ListUsers with a sub filter names it.
 */
export async function setGroupMembershipOf(uid: string, groupName: string, member: boolean): Promise<void> {
  // A sub is a UUID; anything else cannot be put into the filter expression safely.
  if (!/^[A-Za-z0-9-]+$/.test(uid)) throw new Error('Not a Cognito sub');
  const { Users } = await cognito().send(new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `sub = "${uid}"`, Limit: 1 }));
  const username = Users?.[0]?.Username;
  if (!username) return;
  const input = { UserPoolId: userPoolId(), Username: username, GroupName: groupName };
  await cognito().send(member ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
}
