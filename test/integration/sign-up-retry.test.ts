import { randomBytes, randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import { signUpOptions } from '../../lambdas/contracts/sign-up.ts';
import { cognito, uniqueEmail } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
// The trigger runs in this process: its tickets are signed and checked with a secret of its own.
process.env.SIGN_UP_TICKET_SECRET = randomBytes(32).toString('base64url');
const { handler: preSignUp } = await import('../../lambdas/triggers/pre-sign-up.ts');
const { ticketForCode, readTicketForCode } = await import('../../lambdas/http/sign-up-tickets.ts');
const { findReservation, reserveInvite } = await import('#data/invites');
const { dynamo, tableName } = await import('#data/table');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');

const AUSTIN = { city: 'Austin', state: 'Texas' };

/** The held and unverified counts on the inviter's record (a raw read: the contract has no unverified count). */
async function heldCounts(uid: string) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${uid}`, sk: 'PROFILE' }, ConsistentRead: true }));
  const system = (Item?.inviteSystem ?? {}) as { invitesReserved?: number; invitesUnverified?: number };
  return { reserved: system.invitesReserved ?? 0, unverified: system.invitesUnverified ?? 0 };
}

/** Which username the spent ticket names (a raw read of its item). */
async function spenderOf(ticket: string, code: string) {
  const nonce = readTicketForCode(ticket, code)?.nonce ?? '';
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `SIGNUPTICKET#${nonce}`, sk: 'SPENT' }, ConsistentRead: true }));
  return Item?.username;
}

/** Cognito's PreSignUp event for one SignUp call: with email sign-in, each call gets a fresh username. */
function signUpEvent(username: string, email: string, inviteCode: string, signUpTicket: string): PreSignUpTriggerEvent {
  const { userAttributes, clientMetadata } = signUpOptions({ email, displayName: 'Retry Rita', inviteCode, signUpTicket });
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: endpoints.cognito.userPoolId,
    userName: username,
    callerContext: { awsSdkVersion: 'aws-sdk-js-v3', clientId: endpoints.cognito.userPoolClientId },
    triggerSource: 'PreSignUp_SignUp',
    request: { userAttributes, clientMetadata },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

/** How the trigger refuses (Cognito adds the full stop). */
const ticketNeeded = { message: INVITE_MESSAGES.ticketNeeded.replace(/\.$/, '') };

describe('a sign-up retried after its answer was lost', () => {
  it('is admitted: the earlier attempt’s hold moves to the retry, and the inviter still holds one invite', async () => {
    const owner = await createMember(endpoints, 'retry-owner', { location: AUSTIN });
    const ticket = ticketForCode(owner.inviteCode);
    const email = uniqueEmail('retry');
    const [first, retry] = [randomUUID(), randomUUID()];
    // The first attempt's transaction is written; its answer is lost, so Cognito creates no account.
    await expect(preSignUp(signUpEvent(first, email, owner.inviteCode, ticket))).resolves.toMatchObject({ userName: first });
    // The browser tries again with the same ticket (the email typed in another case, as a person might).
    await expect(preSignUp(signUpEvent(retry, email.toUpperCase(), owner.inviteCode, ticket))).resolves.toMatchObject({ userName: retry });

    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 1 });
    expect(await findReservation(first)).toBeNull();
    expect(await findReservation(retry)).toMatchObject({ inviterUid: owner.uid, code: owner.inviteCode, unverified: true, displayName: 'Retry Rita' });
    expect(await spenderOf(ticket, owner.inviteCode)).toBe(retry);
  });

  it('is not a way in for another sign-up: the same ticket with another email is refused and writes nothing', async () => {
    const owner = await createMember(endpoints, 'retry-abused', { location: AUSTIN });
    const ticket = ticketForCode(owner.inviteCode);
    const first = randomUUID();
    await preSignUp(signUpEvent(first, uniqueEmail('honest'), owner.inviteCode, ticket));

    const abuser = randomUUID();
    await expect(preSignUp(signUpEvent(abuser, uniqueEmail('abuser'), owner.inviteCode, ticket))).rejects.toMatchObject(ticketNeeded);
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 1 });
    expect(await findReservation(abuser)).toBeNull();
    expect(await findReservation(first)).toMatchObject({ inviterUid: owner.uid });
    expect(await spenderOf(ticket, owner.inviteCode)).toBe(first);
  });

  it('leaves the hold with the earlier attempt when that attempt has an account (only Cognito’s answer was lost)', async () => {
    const owner = await createMember(endpoints, 'retry-account', { location: AUSTIN });
    const account = await createMember(endpoints, 'retry-newcomer', { record: false });
    const { Username: accountName = '' } = await cognito(endpoints).send(
      new AdminGetUserCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: account.email }),
    );
    const ticket = ticketForCode(owner.inviteCode);
    const spent = readTicketForCode(ticket, owner.inviteCode) ?? undefined;
    const held = { inviterUid: owner.uid, code: owner.inviteCode, displayName: 'Retry Rita', email: account.email, ticket: spent, now: new Date() };
    expect(await reserveInvite({ username: accountName, ...held })).toBe('reserved');

    const retry = randomUUID();
    await expect(preSignUp(signUpEvent(retry, account.email, owner.inviteCode, ticket))).rejects.toMatchObject(ticketNeeded);
    expect(await findReservation(accountName)).toMatchObject({ inviterUid: owner.uid, unverified: true });
    expect(await findReservation(retry)).toBeNull();
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 1 });
  });
});
