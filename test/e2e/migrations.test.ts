import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { runMigrate } from '../../local/migrate/migrate-cli.ts';
import { DESKTOP, PHONE, signInThroughUi, usePagesAt } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * A member from before this wave, whose record lacks joinedAt, opens the app: every screen beyond
 * joining is refused as if they were still joining. npm run migrate (--stage local, on this cloud's
 * table, with its table stream running) backfills it; a reload shows their feed, and their inviter
 * hears nothing of it (the backfill is no news). Set MIGRATIONS_SCREENSHOTS to a folder to keep
 * screenshots (1366 px and 390 px).
 */
const endpoints = inject('endpoints');
const pageAt = usePagesAt(endpoints.webUrl);
const SCREENSHOTS = process.env.MIGRATIONS_SCREENSHOTS;
useLocalCloudData(endpoints);
const { dynamo } = await import('#data/table');

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** The migrations' records go again, so the cloud's other tests find the table as they left it. */
async function forgetMigrations(): Promise<void> {
  const { Items } = await dynamo().send(
    new QueryCommand({ TableName: endpoints.dynamodb.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'MIGRATION' } }),
  );
  for (const item of Items ?? []) await dynamo().send(new DeleteCommand({ TableName: endpoints.dynamodb.tableName, Key: { pk: item.pk, sk: item.sk } }));
}

describe('npm run migrate for a member from before this wave', () => {
  it('lets them back in: refused as still joining before, their feed after a reload, no news for their inviter', { timeout: 60_000 }, async () => {
    const where = { location: { city: 'Austin', state: 'Texas' } };
    const ivy = await createMember(endpoints, 'migrate-ivy', { displayName: 'Ivy Inviter', ...where, extra: { profileCompleted: true } });
    const invitedAt = '2026-01-15T10:00:00.000Z';
    const old = await createMember(endpoints, 'migrate-old', {
      displayName: 'Olive Older',
      ...where,
      extra: { profileCompleted: true },
    });
    await ok(endpoints, 'createPost', { token: old.accessToken, data: { content: 'Posted before the upgrade', privacy: 'public' } });
    // The record as the code before invites that hold left it: Ivy's invite used, no joinedAt, no invitesReserved.
    await dynamo().send(
      new UpdateCommand({
        TableName: endpoints.dynamodb.tableName,
        Key: { pk: `USER#${old.uid}`, sk: 'PROFILE' },
        UpdateExpression: 'SET invitedBy = :ivy, inviteSystem.invitedBy = :ivy, inviteSystem.invitedAt = :at REMOVE joinedAt, inviteSystem.invitesReserved',
        ExpressionAttributeValues: { ':ivy': ivy.uid, ':at': invitedAt },
      }),
    );

    const [desk, phone] = await Promise.all([pageAt(DESKTOP), pageAt(PHONE)]);
    await signInThroughUi(desk, old.email, MEMBER_PASSWORD);
    // getFeed answers 403 (still joining): the dashboard cannot show the feed.
    await desk.getByText('The feed could not be loaded').waitFor();
    await shot(desk, 'before-migrate-1366');

    const dir = mkdtempSync(join(tmpdir(), 'migrate-e2e-'));
    try {
      const endpointsFile = join(dir, 'endpoints.json');
      writeFileSync(endpointsFile, JSON.stringify(endpoints));
      const environment = { ...process.env };
      const lines: string[] = [];
      const code = await runMigrate(
        ['--stage', 'local', '--endpoints', endpointsFile],
        (line) => lines.push(line),
        (line) => lines.push(line),
      );
      Object.assign(process.env, environment);
      expect(code, lines.join('\n')).toBe(0);
      expect(lines.join('\n')).toMatch(/0001 changed [1-9]\d* items?/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await forgetMigrations();
    }

    await desk.reload();
    await desk.getByRole('article', { name: 'Post by Olive Older' }).waitFor();
    await shot(desk, 'after-migrate-1366');
    await signInThroughUi(phone, old.email, MEMBER_PASSWORD);
    await phone.getByRole('article', { name: 'Post by Olive Older' }).waitFor();
    await shot(phone, 'after-migrate-390');

    // The stream saw the record change; its inviter is told of nothing (a join would have been news).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { notifications } = await ok(endpoints, 'listNotifications', { token: ivy.accessToken, data: {} });
    expect(notifications.filter((notification) => notification.kind === 'invitee-joined')).toEqual([]);
  });
});
