import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { markWelcomeSeen } from '../../../lib/welcome-flag.ts';
import { type SlideAction, slideOutcome, WELCOME_SLIDES } from '../slides.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The four-slide tutorial. Next, Get Started and Skip tutorial all set the hasSeenWelcome flag
 * (spec §2); Get Started and Skip go to /profile/setup, Next shows the following slide.
 */
export default function WelcomeRoute() {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const slide = WELCOME_SLIDES[index] ?? WELCOME_SLIDES[0];
  const isLast = index === WELCOME_SLIDES.length - 1;

  const act = (action: SlideAction) => {
    const outcome = slideOutcome(index, action);
    if (outcome.markSeen) markWelcomeSeen();
    if (outcome.goToProfileSetup) void navigate(paths.profileSetup, { replace: true });
    else setIndex(outcome.nextIndex);
  };

  return (
    <Container size={560} py="xl">
      <Card withBorder padding="xl" radius="md">
        <Stack gap="lg" aria-roledescription="slide" aria-label={`${index + 1} of ${WELCOME_SLIDES.length}: ${slide.title}`}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {index + 1} of {WELCOME_SLIDES.length}
          </Text>
          <Title order={1} size="h2">
            {slide.heading}
          </Title>
          {slide.body.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          <Group gap={6} aria-hidden="true">
            {WELCOME_SLIDES.map((item, dot) => (
              <span
                key={item.title}
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: dot === index ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)',
                }}
              />
            ))}
          </Group>
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => act('skip')}>
              Skip tutorial
            </Button>
            {isLast ? <Button onClick={() => act('get-started')}>Get Started</Button> : <Button onClick={() => act('next')}>Next</Button>}
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
