import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cognito, dynamo, tableName, userPoolId } from '#data/table';
import { conditionalWrite } from '#data/table';
import { keys, userIndexAttributes } from '#data/table';

/**
 * Whether a member other than `uid` has this email on their record (GSI byEmail, exact key). The
 * index is eventually consistent: two members changing to one address in the same second could both
 * pass, which Cognito itself refuses on AWS (an email is unique among a pool's verified sign-in
 * aliases), so this is the second line, and the one that speaks the member's language.
 */
export async function emailHeldByAnother(uid: string, email: string): Promise<boolean> {
  const { emailShard, emailKey } = userIndexAttributes({ uid, displayName: '', email });
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byEmail',
      KeyConditionExpression: 'emailShard = :shard AND emailKey = :key',
      ExpressionAttributeValues: { ':shard': emailShard, ':key': emailKey },
      ProjectionExpression: 'pk',
    }),
  );
  return (Items ?? []).some((item) => item.pk !== keys.user(uid).pk);
}

/** Sets the record's email and its byEmail keys; false when the record is gone. */
export async function setRecordEmail(uid: string, email: string): Promise<boolean> {
  const { emailShard, emailKey } = userIndexAttributes({ uid, displayName: '', email });
  const result = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET email = :email, emailShard = :shard, emailKey = :key',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':email': email, ':shard': emailShard, ':key': emailKey },
    }),
  );
  return result !== null;
}

/**
 * The account's email in Cognito and whether Cognito has verified it (AdminGetUser). With the pool's
 * keepOriginal setting a changed address replaces the old one only once its code is entered, so on
 * AWS this is the verified address; cognito-local keeps the same rule when the pool says so, but
 * leaves email_verified false after sign-up (the verified flag then only shows a changed address).
 */
export async function cognitoEmailOf(username: string): Promise<{ email: string; verified: boolean } | null> {
  const { UserAttributes } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  const attribute = (name: string) => UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
  const email = attribute('email');
  return email ? { email, verified: attribute('email_verified') === 'true' } : null;
}
