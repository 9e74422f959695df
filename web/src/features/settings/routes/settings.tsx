import { Container, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PageError } from '../../../components/page-error.tsx';
import { NotificationSettings } from '../../notifications/index.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMe } from '../../../lib/session.ts';
import { AccountTab } from '../components/account-tab.tsx';
import { PrivacyTab } from '../components/privacy-tab.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { VouchesTab } from '../components/vouches-tab.tsx';

const TABS = ['profile', 'privacy', 'notifications', 'vouches', 'account'] as const;

/** Spec §2 Settings: tabs Profile, Privacy, Notifications, Vouches, Account; `?tab=vouches` opens one (a notification's link). */
export default function SettingsRoute() {
  const me = useMe();
  const asked = useSearchParams()[0].get('tab');
  const initialTab = TABS.find((tab) => tab === asked) ?? 'profile';
  if (me.isPending) return <PageLoader label="Loading your settings" />;
  if (me.isError || !me.data) {
    return <PageError title="We could not load your settings" error={me.error} onRetry={() => void me.refetch()} />;
  }
  return (
    <Container size={800} py="xl">
      <Title order={1} size="h2" mb="md">
        Settings
      </Title>
      <Tabs defaultValue={initialTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="privacy">Privacy</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          <Tabs.Tab value="vouches">Vouches</Tabs.Tab>
          <Tabs.Tab value="account">Account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab me={me.data} />
        </Tabs.Panel>
        <Tabs.Panel value="privacy">
          <PrivacyTab me={me.data} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationSettings />
        </Tabs.Panel>
        <Tabs.Panel value="vouches">
          <VouchesTab />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <AccountTab me={me.data} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
