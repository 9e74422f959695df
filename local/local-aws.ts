/**
 * What every AWS SDK client of the local cloud uses, the handlers included (through the
 * environment). DynamoDB Local (-sharedDb) and cognito-local accept any key; s3rver knows exactly
 * one, S3RVER/S3RVER, and refuses others with 403. Using it everywhere keeps presigned URLs and
 * POST policies validly signed, as on AWS, and keeps the SDK from hunting for a real AWS profile.
 */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
