import { describe, expect, inject, it } from 'vitest';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import type { CallableInput } from '../../lambdas/contracts/callables.ts';
import { DISPLAY_NAME_HIDDEN_MESSAGE, type PictureContentType } from '../../lambdas/contracts/profile.ts';
import { INVITE_CODE_ATTRIBUTE } from '../../lambdas/contracts/sign-up.ts';
import { INVITE_CODE_ALPHABET } from '../../lambdas/domain/invite-code.ts';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { call, callRaw, expectRefusal, ok, resultOf } from '../support/callable-client.ts';
import { cognito, confirmSignUp, mailbox, signIn, signUpAsSpa, signUpTicketFor, uniqueEmail } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { dynamo, keys, tableName } = await import('#data/table');
const PASSWORD = 'joining horse 42';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const PROFILE: CallableInput<'completeProfile'> = {
  displayName: 'Newcomer Nell',
  bio: 'Gardener and neighbour.',
  birthday: '1991-02-03',
  location: { city: '  st.   louis ', state: 'Missouri' },
  contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'nell@example.com' },
  privacy: { profileVisibility: 'public', birthdayVisibility: 'private', contactVisibility: 'friends' },
};

/** Sign-up as the SPA does it (signUpOptions), verification code from the mailbox, sign-in. */
async function joinWithCode(inviteCode: string, displayName = 'Newcomer Nell') {
  const email = uniqueEmail('joiner');
  await signUpAsSpa(endpoints, { email, password: PASSWORD, displayName, inviteCode });
  const [message] = await mailbox(endpoints, email);
  await confirmSignUp(endpoints, email, message?.code ?? '');
  const { accessToken } = await signIn(endpoints, email, PASSWORD);
  return { email, accessToken };
}

async function upload(token: string, bytes: Buffer, contentType: PictureContentType = 'image/png') {
  const { url, fields } = await ok(endpoints, 'createProfilePictureUpload', { token, data: { contentType } });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), 'picture');
  const posted = await fetch(url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return call(endpoints, 'confirmProfilePicture', { token });
}

describe('sign-up with the invite code as a Cognito attribute (PreSignUp)', () => {
  function signUpWith(attributes: Record<string, string>, metadata?: Record<string, string>) {
    const email = uniqueEmail('attr');
    return cognito(endpoints).send(
      new SignUpCommand({
        ClientId: endpoints.cognito.userPoolClientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: Object.entries({ email, ...attributes }).map(([Name, Value]) => ({ Name, Value })),
        ClientMetadata: metadata,
      }),
    );
  }

  it('accepts a valid code in custom:invite_code with its ticket, and refuses an unknown one or a disagreeing pair', async () => {
    const signUpTicket = await signUpTicketFor(endpoints, founder.inviteCode);
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode }, { signUpTicket })).resolves.toMatchObject({ UserConfirmed: false });
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: 'ZZZZZZZZ' }, { signUpTicket })).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode }, { inviteCode: 'ZZZZZZZZ', signUpTicket })).rejects.toMatchObject({
      message: 'PreSignUp failed with error Invalid invite code.',
    });
  });

  it('refuses a valid code without a ticket, or with the ticket of another code', async () => {
    const other = await createMember(endpoints, 'ticket-other');
    const otherTicket = await signUpTicketFor(endpoints, other.inviteCode);
    const refusal = { name: 'UserLambdaValidationException', message: `PreSignUp failed with error ${INVITE_MESSAGES.ticketNeeded}.` };
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode })).rejects.toMatchObject(refusal);
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode }, { signUpTicket: otherTicket })).rejects.toMatchObject(refusal);
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode }, { signUpTicket: 'forged.ticket' })).rejects.toMatchObject(refusal);
  });

  it('holds the display name to the settings rule: hidden characters and names over 60 characters are refused', async () => {
    const signUpTicket = await signUpTicketFor(endpoints, founder.inviteCode);
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode, name: 'Eve\u202Eevil' }, { signUpTicket })).rejects.toMatchObject({
      message: `PreSignUp failed with error ${DISPLAY_NAME_HIDDEN_MESSAGE}.`,
    });
    await expect(signUpWith({ [INVITE_CODE_ATTRIBUTE]: founder.inviteCode, name: 'x'.repeat(1500) }, { signUpTicket })).rejects.toMatchObject({
      message: 'PreSignUp failed with error Name must be at most 60 characters.',
    });
  });
});

describe('the user record and the profile', () => {
  it('createUserRecord brings any account name to the settings rule, never a 500 (a 1,500-character name, hidden characters)', async () => {
    for (const [name, expected] of [
      [`Long ${'x'.repeat(1500)}`, `Long ${'x'.repeat(55)}`],
      ['\u202EReversed\u200B Name', 'Reversed Name'],
      ['\u200B\u200B', null],
    ] as const) {
      const account = await createMember(endpoints, 'odd-name', { record: false, attributes: { name } });
      const created = await call(endpoints, 'createUserRecord', { token: account.accessToken });
      const { displayName } = resultOf(created, `createUserRecord for ${JSON.stringify(name)}`);
      // Nothing visible left: the email's name part stands in.
      expect(displayName).toBe(expected ?? account.email.split('@')[0]);
    }
  });

  it('createUserRecord makes the record once, with every default and the signed-up code pending', async () => {
    const { email, accessToken } = await joinWithCode(founder.inviteCode.toLowerCase());
    expect((await call(endpoints, 'getMe', { token: accessToken })).status).toBe(404);

    const created = await call(endpoints, 'createUserRecord', { token: accessToken });
    const record = resultOf(created, 'createUserRecord');
    expect(record).toMatchObject({
      email,
      displayName: 'Newcomer Nell',
      isVerified: true,
      verificationLevel: 'pending',
      profileCompleted: false,
      profilePicture: '',
      isSuperuser: false,
      isAdmin: false,
      graduationYear: null,
      photos: [],
      location: { city: '', state: '', country: 'United States' },
      privacy: {
        profileVisibility: 'friends',
        birthdayVisibility: 'friends',
        photosVisibility: 'friends',
        contactVisibility: 'friends',
        phoneVisibility: 'friends',
        emailVisibility: 'friends',
      },
      inviteSystem: {
        invitesRemaining: 10,
        invitesUsed: 0,
        localInvitesUsed: 0,
        distantInvitesUsed: 0,
        invitedBy: null,
        pendingInviteCode: founder.inviteCode,
      },
    });
    expect(record.createdAt).toEqual(record.lastActive);
    expect(record.inviteSystem.inviteCode).toHaveLength(8);
    expect([...record.inviteSystem.inviteCode].every((c) => INVITE_CODE_ALPHABET.includes(c))).toBe(true);

    const again = await call(endpoints, 'createUserRecord', { token: accessToken });
    expect(again.body).toEqual(created.body);
    expect((await call(endpoints, 'getMe', { token: accessToken })).body).toEqual(created.body);
  });

  it('completeProfile needs a picture and a consumed invite, then completes (the founder loses one invite)', async () => {
    const { accessToken } = await joinWithCode(founder.inviteCode);
    await call(endpoints, 'createUserRecord', { token: accessToken });

    const noPicture = await call(endpoints, 'completeProfile', { token: accessToken, data: PROFILE });
    expectRefusal(noPicture, 400, 'INVALID_ARGUMENT', 'Please upload a profile picture');

    const pictureUrl = resultOf(await upload(accessToken, PNG_1X1), 'confirmProfilePicture').profilePicture;
    expect(pictureUrl).toMatch(new RegExp(`^${new URL(endpoints.apiUrl).origin}/pictures/[0-9a-f-]{36}/[A-Za-z0-9_-]{22}\\.png$`));
    const picture = await fetch(pictureUrl);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const noInvite = await call(endpoints, 'completeProfile', { token: accessToken, data: PROFILE });
    expectRefusal(noInvite, 400, 'INVALID_ARGUMENT', /invite/);

    const before = (await getUser(founder.userId))?.inviteSystem;
    // The code the account signed up with is used when none is sent (another browser has no session storage).
    const used = await call(endpoints, 'useInviteCode', { token: accessToken, data: { userLocation: { city: 'St. Louis', state: 'MO' } } });
    expect(used.body).toMatchObject({ result: { invitedBy: founder.userId, inviteType: 'unrestricted', alreadyConsumed: false } });
    const after = (await getUser(founder.userId))?.inviteSystem;
    expect(after?.invitesUsed).toBe((before?.invitesUsed ?? 0) + 1);
    // Joining lists the member for the admins as not yet verified in person (GSI queues), oldest joined first, in the same write.
    const uid = String(decodeJwtPayload(accessToken).sub);
    const { Item: joined } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
    expect(joined).toMatchObject({ verificationLevel: 'pending', queue: 'UNVERIFIED', queueKey: `${String(joined?.joinedAt)}#${uid}` });

    const completed = await ok(endpoints, 'completeProfile', { token: accessToken, data: PROFILE });
    expect(completed).toMatchObject({
      profileCompleted: true,
      displayName: 'Newcomer Nell',
      location: { city: 'St. Louis', state: 'Missouri', country: 'United States' },
      contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'nell@example.com' },
      privacy: { profileVisibility: 'public', birthdayVisibility: 'private', contactVisibility: 'friends', photosVisibility: 'friends' },
      inviteSystem: { invitedBy: founder.userId },
    });
    expect(completed.inviteSystem).not.toHaveProperty('pendingInviteCode');
  });

  it("refuses invalid profile fields with the spec's messages, never a 500", async () => {
    const member = await createMember(endpoints, 'invalid-profile');
    const bad = await call(endpoints, 'completeProfile', {
      token: member.accessToken,
      data: { ...PROFILE, contactInfo: { phoneNumber: '5551234567', personalEmail: 'nope' } },
    });
    const messages = expectRefusal(bad, 400, 'INVALID_ARGUMENT').details?.issues?.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['Please enter a valid phone number in the format: 555-123-4567', 'Please enter a valid email address']));
    const future = await call(endpoints, 'completeProfile', { token: member.accessToken, data: { ...PROFILE, birthday: '2999-01-01' } });
    expect(future.status).toBe(400);
    const contactPublic = await callRaw(endpoints, 'completeProfile', {
      token: member.accessToken,
      data: { ...PROFILE, privacy: { ...PROFILE.privacy, contactVisibility: 'public' } },
    });
    expect(contactPublic.status).toBe(400);
  });
});

describe('profile picture uploads', () => {
  it("serves the seeded founder's picture at a served key of its own too", async () => {
    const { accessToken } = await signIn(endpoints, founder.email, founder.password);
    const url = (await ok(endpoints, 'getMe', { token: accessToken })).profilePicture;
    expect(url).toMatch(new RegExp(`/pictures/${founder.userId}/[A-Za-z0-9_-]{22}\\.png$`));
    const served = await fetch(url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('refuses a file over 5 MB and one that is not an image by its bytes, removes both, and keeps the picture the member had', async () => {
    const member = await createMember(endpoints, 'uploader');
    const goodUrl = resultOf(await upload(member.accessToken, PNG_1X1), 'confirmProfilePicture').profilePicture;

    const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024)]);
    expectRefusal(await upload(member.accessToken, tooBig, 'image/jpeg'), 400, 'INVALID_ARGUMENT', 'Image must be less than 5MB');
    expect((await call(endpoints, 'confirmProfilePicture', { token: member.accessToken })).status).toBe(404);

    const notImage = await upload(member.accessToken, Buffer.from('#!/bin/sh\necho not a picture\n'), 'image/png');
    expectRefusal(notImage, 400, 'INVALID_ARGUMENT');
    expect((await call(endpoints, 'confirmProfilePicture', { token: member.accessToken })).status).toBe(404);
    expect(`${new URL(endpoints.apiUrl).origin}/${(await getUser(member.uid))?.profilePicture}`).toBe(goodUrl);
    const kept = await fetch(goodUrl);
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('grants uploads for images only', async () => {
    const member = await createMember(endpoints, 'text-uploader');
    const refused = await callRaw(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'text/html' } });
    expect(refused.status).toBe(400);
  });
});
