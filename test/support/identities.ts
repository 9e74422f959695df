import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Endpoints } from '../../local/cloud-files.ts';
import { ok } from './callable-client.ts';
import { cognito, signIn } from './local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, type TestMember } from './local-cloud-members.ts';
import { decodeJwtPayload, foreignKey, signJwt } from './local-cloud-tokens.ts';

/**
 * The identities of the authorization matrix (test/integration/authz-matrix.test.ts): eight ways
 * of presenting a bad credential, a genuine token whose session was ended, and the real callers.
 * Built once per file, in parallel where the steps do not depend on each other. Call
 * useLocalCloudData first.
 */

/** Credentials the gateway (as API Gateway's JWT authorizer) or the handler must refuse. */
export const BAD_TOKEN_IDENTITIES = ['noToken', 'malformed', 'algNone', 'wrongSignature', 'expired', 'wrongIssuer', 'wrongClient', 'idToken'] as const;
/**
 * Real callers with a genuine access token. `anchor` becomes the victim's accepted anchor (the
 * matrix anchors them once the fixture exists); `superuser` has isSuperuser, `admin` the Cognito
 * admin group; `removed` was removed, but their token has not expired; `unjoined` signed up and
 * made their record but has not joined (their invite is not used yet).
 */
export const REAL_IDENTITIES = ['member', 'otherMember', 'anchor', 'superuser', 'admin', 'removed', 'unjoined'] as const;
/**
 * A genuine access token issued before its member signed out everywhere: every callable
 * that accepts a member's token answers it 401, whatever its presence policy, and the live socket
 * refuses it. Its member is an admin with a joined record, so no gate before the session epoch
 * (the admin group, presence, suspension) can be what refuses it.
 */
export const ENDED_SESSION_IDENTITIES = ['signedOut'] as const;
export const IDENTITIES = [...BAD_TOKEN_IDENTITIES, ...ENDED_SESSION_IDENTITIES, ...REAL_IDENTITIES] as const;

export type BadTokenIdentity = (typeof BAD_TOKEN_IDENTITIES)[number];
export type EndedSessionIdentity = (typeof ENDED_SESSION_IDENTITIES)[number];
export type RealIdentity = (typeof REAL_IDENTITIES)[number];
export type Identity = (typeof IDENTITIES)[number];

export interface Identities {
  /** The bearer token each identity sends (undefined: no Authorization header). */
  tokens: Record<Identity, string | undefined>;
  /** The real callers (their uid, email, record). */
  members: Record<RealIdentity, TestMember>;
  /** The member whose token `signedOut` sends (its record and account are intact). */
  signedOut: TestMember;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The token with `alg: none` and no signature: what the oldest JWT libraries accepted. */
function unsignedToken(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/**
 * Tokens that are genuine in every respect but one, all for `subject` (a member whose record
 * exists), so a refusal can only come from that one flaw.
 */
export function badTokens(endpoints: Endpoints, subject: { accessToken: string; idToken: string }): Record<BadTokenIdentity, string | undefined> {
  const claims = decodeJwtPayload(subject.accessToken);
  const past = Math.floor(Date.now() / 1000) - 3600;
  return {
    noToken: undefined,
    malformed: 'not.a-jwt',
    algNone: unsignedToken(claims),
    wrongSignature: signJwt(claims, foreignKey()),
    expired: signJwt({ ...claims, iat: past - 3600, auth_time: past - 3600, exp: past }),
    wrongIssuer: signJwt({ ...claims, iss: `${endpoints.cognito.endpoint}/local_other` }),
    wrongClient: signJwt({ ...claims, client_id: 'another-app-client' }),
    idToken: subject.idToken,
  };
}

/**
 * Every real caller has a profile picture and none has used an invite code yet (as right after
 * sign-up), so completeProfile answers by the invite rule, where a superuser differs from a member.
 */
const WITH_PICTURE = { profilePicture: 'users/authz/profile-picture.jpg' };

/** A member in the Cognito admin group (and isAdmin on the record), with a token that says so. */
async function createAdmin(endpoints: Endpoints, label = 'authz-admin', displayName = 'Ada Admin'): Promise<TestMember> {
  const admin = await createMember(endpoints, label, { displayName, extra: { isAdmin: true, ...WITH_PICTURE } });
  await cognito(endpoints).send(new AdminAddUserToGroupCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: admin.email, GroupName: 'admin' }));
  const { accessToken } = await signIn(endpoints, admin.email, MEMBER_PASSWORD);
  if (!(decodeJwtPayload(accessToken)['cognito:groups'] as string[] | undefined)?.includes('admin')) throw new Error('The admin token has no admin group');
  return { ...admin, accessToken };
}

/**
 * A member who deleted their account with the real deleteMyAccount (the same removal an admin's
 * removeUserAndInviteTree runs): their access token stays valid until it expires, their account
 * and record are gone.
 */
async function createRemovedMember(endpoints: Endpoints): Promise<TestMember> {
  const removed = await createMember(endpoints, 'authz-removed', { displayName: 'Gus Ghost' });
  await ok(endpoints, 'deleteMyAccount', { token: removed.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
  return removed;
}

/**
 * An admin who signed out everywhere with the real signOutEverywhere after their token was issued:
 * the token is still genuine and unexpired (API Gateway's authorizer accepts it), the record and
 * the account are intact, only the session epoch ends it.
 */
async function createSignedOutMember(endpoints: Endpoints): Promise<TestMember> {
  const signedOut = await createAdmin(endpoints, 'authz-signed-out', 'Sid Signedout');
  await ok(endpoints, 'signOutEverywhere', { token: signedOut.accessToken });
  return signedOut;
}

export async function createIdentities(endpoints: Endpoints): Promise<Identities> {
  const [member, otherMember, anchor, superuser, admin, removed, unjoined, signedOut] = await Promise.all([
    createMember(endpoints, 'authz-member', { displayName: 'Mona Member', extra: WITH_PICTURE }),
    createMember(endpoints, 'authz-other', { displayName: 'Otto Other', extra: WITH_PICTURE }),
    createMember(endpoints, 'authz-anchor', { displayName: 'Anna Anchor', extra: WITH_PICTURE }),
    createMember(endpoints, 'authz-superuser', { displayName: 'Sam Super', isSuperuser: true, extra: WITH_PICTURE }),
    createAdmin(endpoints),
    createRemovedMember(endpoints),
    createMember(endpoints, 'authz-unjoined', { displayName: 'Uma Unjoined', joined: false, extra: WITH_PICTURE }),
    createSignedOutMember(endpoints),
  ]);
  const subject = await signIn(endpoints, member.email, MEMBER_PASSWORD);
  const members = { member, otherMember, anchor, superuser, admin, removed, unjoined };
  const real = Object.fromEntries(REAL_IDENTITIES.map((name) => [name, members[name].accessToken])) as Record<RealIdentity, string>;
  return { tokens: { ...badTokens(endpoints, subject), signedOut: signedOut.accessToken, ...real }, members, signedOut };
}
