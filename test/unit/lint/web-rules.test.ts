import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's house rules (lint/web-areas.js) as `npm run check` runs them: the project's own
 * ESLint config on code placed where it would live in web/src.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function houseMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('house/')).map((message) => message.message);
}

describe('one folder per area: a feature is imported through its entry', () => {
  it.each([
    [
      'web/src/features/admin/example.ts',
      "import { feedKeys } from '../feed/api/feed-keys.ts';\nexport const keys = feedKeys;\n",
      'a feature is imported only through its entry (admin → feed)',
    ],
    [
      'web/src/features/admin/example.ts',
      "import { InvitesPage } from '../invites/routes/invites.tsx';\nexport const page = InvitesPage;\n",
      'a feature is imported only through its entry (admin → invites)',
    ],
    [
      'web/src/app/example.tsx',
      "import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';\nexport const bell = NotificationBell;\n",
      'a feature is imported only through its entry',
    ],
    [
      'web/src/lib/example.ts',
      "import { feedKeys } from '../features/feed/keys.ts';\nexport const keys = feedKeys;\n",
      'web/src/lib and web/src/components sit below the features and import none (→ feed)',
    ],
    [
      'web/src/components/example.tsx',
      "import { NotificationBell } from '../features/notifications/index.ts';\nexport const bell = NotificationBell;\n",
      'sit below the features and import none (→ notifications)',
    ],
  ])('refuses %s importing a feature from the side', async (filePath, code, reason) => {
    const messages = await houseMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it("lets a feature import another's entry and query keys, its own modules, and the app load a screen lazily", async () => {
    const entries =
      "import { MemberPosts } from '../feed/index.ts';\nimport { feedKeys } from '../feed/keys.ts';\nexport const all = [MemberPosts, feedKeys];\n";
    expect(await houseMessages(entries, 'web/src/features/profile/example.ts')).toEqual([]);
    expect(await houseMessages("import { feedKeys } from '../keys.ts';\nexport const keys = feedKeys;\n", 'web/src/features/feed/api/example.ts')).toEqual([]);
    const lazyScreen = "export const load = () => import('../features/feed/routes/dashboard.tsx');\n";
    expect(await houseMessages(lazyScreen, 'web/src/app/example.ts')).toEqual([]);
  });
});

describe('one paths module: no page path written by hand in web/src', () => {
  it.each([
    [
      'a link',
      'web/src/features/admin/example.tsx',
      'import { Link } from \'react-router-dom\';\nexport const link = <Link to="/settings">Settings</Link>;\n',
      "'/settings'",
    ],
    ['a navigation', 'web/src/features/feed/example.ts', "export const go = (navigate: (to: string) => void) => navigate('/dashboard');\n", "'/dashboard'"],
    ['a path with a parameter', 'web/src/components/example.ts', 'export const to = (uid: string) => `/profile/${uid}`;\n', "'/profile/'"],
    ['a query', 'web/src/lib/example.ts', "export const pending = '/anchors?tab=pending';\n", "'/anchors?tab=pending'"],
    [
      'the home page as a link',
      'web/src/app/example.tsx',
      'import { Link } from \'react-router-dom\';\nexport const home = <Link to="/">Home</Link>;\n',
      "'/'",
    ],
    ['the home page as a navigation', 'web/src/app/example.ts', "export const go = (navigate: (to: string) => void) => navigate('/');\n", "'/'"],
  ])('refuses %s', async (_what, filePath, code, path) => {
    const messages = await houseMessages(code, filePath);
    expect(messages).toEqual([`The page path ${path} is written by hand: take it from web/src/lib/paths.ts (paths, profilePath, …).`]);
  });

  it('lets paths come from the paths module, and leaves strings that are not pages alone', async () => {
    const fromModule =
      "import { paths, profilePath } from '../../lib/paths.ts';\nexport const all = [paths.settings, profilePath('u1')];\nexport const api = '/api/getMe';\nexport const isPath = (text: string) => text.startsWith('/');\n";
    expect(await houseMessages(fromModule, 'web/src/features/admin/example.ts')).toEqual([]);
    expect(await houseMessages("export const dashboard = '/dashboard';\n", 'web/src/lib/paths.ts')).toEqual([]);
  });
});
