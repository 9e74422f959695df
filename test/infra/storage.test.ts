import type { CfnDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { DATA_EXPORTS_PREFIX, objectKeys, SERVED_PICTURES_PREFIX, STAGED_UPLOADS_PREFIX } from '#data/table';
import { NONCURRENT_PICTURE_VERSION_DAYS } from '../../lib/pictures-storage.ts';
import { actionsOfRole, referencedId, resourcesOf, synth } from './synth.ts';

describe('storage (S3)', () => {
  const { template, stack } = synth({ stage: 'dev' });
  const picturesId = stack.getLogicalId(stack.pictures.bucket.node.defaultChild as CfnBucket);
  const distributionId = stack.getLogicalId(stack.web.distribution.node.defaultChild as CfnDistribution);
  const buckets = resourcesOf(template, 'AWS::S3::Bucket');
  const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));

  function policyOf(bucketId: string): { Statement: Record<string, unknown>[] } {
    const policy = policies.find((p) => referencedId(p.Properties?.Bucket) === bucketId);
    if (!policy) throw new Error(`No bucket policy for ${bucketId}`);
    return policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] };
  }

  it('blocks public access, encrypts and refuses plain HTTP on every bucket', () => {
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties?.BucketEncryption, id).toBeDefined();
      expect(policyOf(id).Statement, id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('never lets anyone read pictures anonymously', () => {
    for (const statement of policyOf(picturesId).Statement) {
      if (statement.Effect === 'Allow') expect(statement.Principal).not.toEqual('*');
    }
  });

  it('lets the web distribution alone read served pictures, and nothing outside the served prefix', () => {
    const allows = policyOf(picturesId).Statement.filter((statement) => statement.Effect === 'Allow');
    // Besides CDK's auto-delete custom resource (dev only), exactly one grant: CloudFront's.
    const cloudFront = allows.filter((statement) => JSON.stringify(statement.Principal).includes('cloudfront.amazonaws.com'));
    expect(cloudFront).toEqual([
      {
        Sid: 'ServedPicturesThroughCloudFront',
        Effect: 'Allow',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [picturesId, 'Arn'] }, `/${SERVED_PICTURES_PREFIX}*`]] },
        Condition: {
          StringEquals: {
            'AWS:SourceArn': {
              'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distributionId }]],
            },
          },
        },
      },
    ]);
    expect(SERVED_PICTURES_PREFIX).toBe('pictures/');
    expect(STAGED_UPLOADS_PREFIX.startsWith(SERVED_PICTURES_PREFIX)).toBe(false);
    for (const statement of allows.filter((candidate) => !cloudFront.includes(candidate))) {
      expect(JSON.stringify(statement.Principal), JSON.stringify(statement)).not.toContain('cloudfront');
    }
  });

  it('lets the web origin upload pictures with presigned POSTs, and nothing else (CORS)', () => {
    const cors = (buckets[picturesId]?.Properties?.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
    expect(cors).toHaveLength(1);
    expect(cors[0]).toMatchObject({
      AllowedMethods: ['POST'],
      AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] }],
    });
  });

  it('expires staged (granted, never confirmed) uploads after a day and data exports after 7 days, and only those', () => {
    const rules = (buckets[picturesId]?.Properties?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    const expiring = rules.filter((rule) => rule.ExpirationInDays !== undefined);
    expect(expiring).toEqual([
      expect.objectContaining({ Status: 'Enabled', Prefix: 'uploads/', ExpirationInDays: 1 }),
      expect.objectContaining({ Status: 'Enabled', Prefix: 'exports/', ExpirationInDays: 7 }),
    ]);
    expect(objectKeys.dataExport('u1', 'x').startsWith(DATA_EXPORTS_PREFIX)).toBe(true);
    // Confirmed pictures live under pictures/, which no rule expires.
    expect(STAGED_UPLOADS_PREFIX).toBe('uploads/');
    expect(objectKeys.profilePictureUpload('u1').startsWith(STAGED_UPLOADS_PREFIX)).toBe(true);
    expect(objectKeys.photoUpload('u1', 'id1').startsWith(STAGED_UPLOADS_PREFIX)).toBe(true);
    expect(objectKeys.picture('u1', 'A'.repeat(22), 'image/jpeg').startsWith(STAGED_UPLOADS_PREFIX)).toBe(false);
    expect(objectKeys.picturesPrefix('u1').startsWith(STAGED_UPLOADS_PREFIX)).toBe(false);
  });

  it('versions the pictures bucket and expires old versions a week after they stop being current, with their delete markers', () => {
    const pictures = buckets[picturesId]?.Properties;
    expect(pictures?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = (pictures?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(NONCURRENT_PICTURE_VERSION_DAYS).toBeLessThanOrEqual(7);
    expect(rules).toContainEqual({
      Id: 'ExpireNoncurrentVersions',
      Status: 'Enabled',
      NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_PICTURE_VERSION_DAYS },
      ExpiredObjectDeleteMarker: true,
    });
    // The rule covers the whole bucket: no prefix or filter narrows it.
    const noncurrent = rules.filter((rule) => rule.NoncurrentVersionExpiration !== undefined);
    expect(noncurrent).toHaveLength(1);
    expect(noncurrent[0]).not.toHaveProperty('Prefix');
    expect(noncurrent[0]).not.toHaveProperty('Filter');
  });

  it('lets every function that removes a member read the versioning state, list versions and delete them', () => {
    const functions = Object.values(resourcesOf(template, 'AWS::Lambda::Function'));
    const removers = functions.filter((fn) => /^Callable (removeUserAndInviteTree|deleteMyAccount|resolveReport) /.test(String(fn.Properties?.Description)));
    expect(removers).toHaveLength(3);
    for (const fn of removers) {
      // s3:GetBucket* covers GetBucketVersioning, s3:List* ListBucketVersions, s3:DeleteObject* DeleteObjectVersion.
      expect(actionsOfRole(template, referencedId(fn.Properties?.Role)), String(fn.Properties?.Description)).toEqual(
        expect.arrayContaining(['s3:GetBucket*', 's3:List*', 's3:DeleteObject*']),
      );
    }
  });

  it('versions the web bucket with a lifecycle: old versions kept a week, half-finished uploads aborted after a day', () => {
    const webId = stack.getLogicalId(stack.web.bucket.node.defaultChild as CfnBucket);
    const web = buckets[webId]?.Properties;
    expect(web?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect((web?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules).toEqual([
      { Id: 'AbortIncompleteUploads', Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } },
      { Id: 'ExpireNoncurrentVersions', Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 7 }, ExpiredObjectDeleteMarker: true },
    ]);
  });

  it('logs server access of the pictures bucket', () => {
    expect(buckets[picturesId]?.Properties?.LoggingConfiguration).toMatchObject({ LogFilePrefix: 'pictures/' });
  });
});
