import { Annotations, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { triggerHandlers } from '../lambdas/callable-handlers.ts';
import { secretsEnvironment } from '../lambdas/function-env-names.ts';
import { INVITE_CODE_ATTRIBUTE } from '../lambdas/contracts/sign-up.ts';
import { ADMIN_GROUP } from '../lambdas/http/caller.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import { Mail } from './mail.ts';
import { acknowledge } from './nag.ts';
import type { MailContext } from './ops-context.ts';
import { SignUpFirewall } from './sign-up-firewall.ts';
import { removalPolicyFor, type Stage } from './stage.ts';
import { VERIFICATION_EMAIL } from './verification-email.ts';

export interface AuthProps {
  readonly stage: Stage;
  /** What the PreSignUp trigger may read (the invite codes live in the table). */
  readonly triggerResources: Omit<FunctionResources, 'userPool'>;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** Checks the tickets of validateInviteCode (a dynamic reference, see sign-up-ticket-secret.ts). */
  readonly signUpTicketSecret: string;
  /** Prod's SES domain and sender (lib/ops-context.ts mailFromContext). Absent: Cognito's default sender (dev). */
  readonly mail?: MailContext;
}

/**
 * Cognito: email sign-in with verification by code, the `admin` group, the SPA's app client, and
 * the PreSignUp trigger that makes the network invite-only (and PostConfirmation, which learns that
 * a newcomer's email was verified), and AWS WAF's rate limits in front of it.
 */
export class Auth extends Construct {
  public readonly userPool: cognito.UserPool;
  public readonly userPoolClient: cognito.UserPoolClient;
  public readonly preSignUp: AppFunction;
  public readonly postConfirmation: AppFunction;
  /** Prod's SES identity and configuration set (lib/mail.ts); undefined on dev. */
  public readonly mail?: Mail;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.mail = props.mail && new Mail(this, 'Mail', props.mail);
    if (this.mail && !props.mail?.throughSes) {
      Annotations.of(this).addInfo(
        `Cognito keeps its default sender (about 50 emails a day) until -c mailThroughSes=true: publish the DKIM records ` +
          `(outputs MailDkimRecord1..3), wait until SES shows ${props.mail?.domain} verified and grants production access, then deploy again with it.`,
      );
    }

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: VERIFICATION_EMAIL.subject,
        emailBody: VERIFICATION_EMAIL.body,
      },
      // Same words either way; through SES only once the domain is verified (lib/mail.ts).
      email: props.mail?.throughSes ? this.mail?.userPoolEmail : undefined,
      standardAttributes: { email: { required: true, mutable: true } },
      // The invite code the account signed up with (PreSignUp checks it; createUserRecord keeps it
      // as the pending code), so the server knows it whatever browser the member continues in.
      customAttributes: {
        [INVITE_CODE_ATTRIBUTE.replace(/^custom:/, '')]: new cognito.StringAttribute({ minLen: 8, maxLen: 8, mutable: false }),
      },
      // The product's rule is length only (SPEC: "Password minimum 8").
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: prod,
      removalPolicy: removalPolicyFor(props.stage),
    });
    // Cognito checks the SES identity whenever the pool changes: CloudFormation settles the identity first.
    if (this.mail && props.mail?.throughSes) this.userPool.node.addDependency(this.mail.identity);
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The product requires a minimum length of 8 and no composition rules (SPEC limits; NIST SP 800-63B ' +
        'recommends length over character-class rules). Cognito still rejects nothing shorter than 8.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional (TOTP, no SMS): members of a community product can turn it on; requiring it would ' +
        'shut out members without an authenticator app. Sign-up itself is gated by invite codes.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Essentials tier: the Plus tier (threat protection) is billed per monthly active user, which this small ' +
        'invite-only community does not justify yet; revisit when it grows.',
    );

    this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Administrators: manage superusers, remove members, see audit data.',
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // The SPA signs in with USER_PASSWORD_AUTH (cognito-local has no SRP); refresh tokens are
      // always allowed. A browser cannot keep a secret.
      authFlows: { userPassword: true },
      generateSecret: false,
      // No hosted UI or OAuth redirects: the SPA signs in through the Cognito API directly.
      disableOAuth: true,
      // The sign-in screen must tell "No account found" from "Incorrect password" (SPEC messages).
      preventUserExistenceErrors: false,
      enableTokenRevocation: true,
      // What a sign-up may set: email, the display name and the invite code, nothing else.
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, fullname: true })
        .withCustomAttributes(INVITE_CODE_ATTRIBUTE.replace(/^custom:/, '')),
      // Short-lived: API Gateway's JWT authorizer cannot see a revocation, so an access token
      // taken before a sign-out (refresh token revoked) or before an admin lost the `admin` group
      // works until it expires. 15 minutes bounds that; Amplify refreshes silently.
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.days(30),
    });

    this.preSignUp = new AppFunction(this, 'PreSignUp', {
      entry: triggerHandlers.preSignUp.entry,
      permissions: triggerHandlers.preSignUp.permissions,
      resources: props.triggerResources,
      stage: props.stage,
      description: 'Cognito PreSignUp: admits a self sign-up only with a checked invite code, and holds one of its invites',
      // Cognito waits at most 5 seconds for a trigger.
      timeout: Duration.seconds(5),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
      extraEnvironment: secretsEnvironment(triggerHandlers.preSignUp.needs, { signUpTicket: props.signUpTicketSecret }),
    });
    // The alias (a qualified ARN is accepted as a trigger): sign-ups go through the canary too.
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, this.preSignUp.alias);
    this.postConfirmation = new AppFunction(this, 'PostConfirmation', {
      entry: triggerHandlers.postConfirmation.entry,
      permissions: triggerHandlers.postConfirmation.permissions,
      resources: props.triggerResources,
      stage: props.stage,
      description: 'Cognito PostConfirmation: a verified email keeps the invite held at sign-up for 7 days; a completed password reset ends every session',
      timeout: Duration.seconds(5),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
    this.userPool.addTrigger(cognito.UserPoolOperation.POST_CONFIRMATION, this.postConfirmation.alias);
    // A completed password reset ends the member's sessions (PostConfirmation_ConfirmForgotPassword:
    // whoever knew the old password is out): Cognito's global sign-out of that account, on this pool only. A policy of its own,
    // not the role's default one: the pool depends on its trigger's function, so the function must
    // not depend on the pool (CloudFormation would see a cycle); the pool id comes in the event.
    new iam.Policy(this, 'PostConfirmationGlobalSignOut', {
      roles: [this.postConfirmation.function.role as iam.IRole],
      statements: [new iam.PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut'], resources: [this.userPool.userPoolArn] })],
    });
    // PreSignUp moves the hold of a sign-up's earlier attempt to its retry only when that attempt
    // has no account (lambdas/triggers/pre-sign-up.ts): one lookup, on this pool, by the same route.
    new iam.Policy(this, 'PreSignUpAccountLookup', {
      roles: [this.preSignUp.function.role as iam.IRole],
      statements: [new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [this.userPool.userPoolArn] })],
    });
    new SignUpFirewall(this, 'Firewall', { userPool: this.userPool });
  }
}
