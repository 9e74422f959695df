import { Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';
import { markWelcomeSeen } from '../../../lib/welcome-flag.ts';

export default function WelcomeRoute() {
  const navigate = useNavigate();
  const skip = () => {
    markWelcomeSeen();
    void navigate('/profile/setup');
  };
  return (
    <NotBuiltYet title="Welcome to Anchored" release="Joining">
      <Text c="dimmed" size="sm">
        A four-slide tutorial: Welcome, Your Anchors, Share Your Invites, Your Privacy Matters.
      </Text>
      <Button variant="subtle" onClick={skip} w="fit-content">
        Skip tutorial
      </Button>
    </NotBuiltYet>
  );
}
