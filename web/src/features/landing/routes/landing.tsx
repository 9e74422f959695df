import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { JoinCallToAction } from '../../../components/join-call-to-action.tsx';
import { LineIcon } from '../../../components/line-icons.tsx';
import { useAuthSession } from '../../../lib/session.ts';
import { HeroIllustration } from '../components/hero-illustration.tsx';
import { FEATURES, STATS, TESTIMONIALS } from '../content.ts';
import { nextPhraseIndex, PHRASE_INTERVAL_MS, ROTATING_PHRASES } from '../rotating-phrase.ts';
import classes from './landing.module.css';
import { paths } from '../../../lib/paths.ts';

/**
 * The phrase changes every 2.5 s whatever the motion preference; with reduced motion it simply
 * swaps, without the slide. Screen readers get the whole sentence once (the rotating words are
 * hidden from them), not an announcement every 2.5 s.
 */
function RotatingPhrase() {
  const [index, setIndex] = useState(0);
  // The first phrase is there from the first paint (the landing is prerendered): only a change slides in.
  const [rotated, setRotated] = useState(false);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    const timer = setInterval(() => {
      setIndex(nextPhraseIndex);
      setRotated(true);
    }, PHRASE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <span
        key={index}
        aria-hidden="true"
        data-testid="rotating-phrase"
        className={reduceMotion || !rotated ? classes.phrase : `${classes.phrase} ${classes.slide}`}
      >
        {ROTATING_PHRASES[index]}
      </span>
      <span className={classes.srOnly}>{ROTATING_PHRASES.join(', ')}</span>
    </>
  );
}

export default function LandingRoute() {
  const { data: session } = useAuthSession();
  return (
    <>
      <Container size="lg" py={{ base: 'xl', sm: 60 }}>
        <Stack gap={56}>
          <Box component="section" aria-labelledby="landing-title" className={classes.hero}>
            <Stack gap="lg" className={classes.heroText}>
              <Title order={1} className={classes.title} id="landing-title">
                Anchored <RotatingPhrase />
              </Title>
              <Text size="xl" maw={620}>
                An invite-only social network for real people and real communities: no ads, no tracking, no algorithm. Just the people you trust, newest first.
              </Text>
              <Group className={classes.heroActions}>
                {session ? (
                  <Button component={Link} to={paths.dashboard} size="md">
                    Go to your dashboard
                  </Button>
                ) : (
                  <>
                    <Button component={Link} to={paths.signUp} size="md">
                      Join
                    </Button>
                    <Button component={Link} to={paths.signIn} size="md" variant="default">
                      Sign In
                    </Button>
                  </>
                )}
              </Group>
            </Stack>
            <HeroIllustration className={classes.heroImage} />
          </Box>

          <section aria-label="Anchored in numbers" className={classes.stats}>
            {STATS.map((stat) => (
              <div key={stat.label}>
                <span className={classes.statValue}>{stat.value}</span>
                <Text className={classes.statLabel}>{stat.label}</Text>
              </div>
            ))}
          </section>

          <Stack gap="md" component="section" aria-labelledby="features-title">
            <Title order={2} ta="center" id="features-title">
              A social network that works for you
            </Title>
            <div className={classes.features}>
              {FEATURES.map((feature) => (
                <div key={feature.title} className={classes.feature} data-testid="feature-card">
                  <span className={classes.featureIcon}>
                    <LineIcon name={feature.icon} size={26} />
                  </span>
                  <Title order={3} size="h4" mb="xs">
                    {feature.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {feature.body}
                  </Text>
                  {'link' in feature && (
                    <Anchor component={Link} to={feature.link.to} size="sm" mt="xs" display="inline-block" className={classes.featureLink}>
                      {feature.link.label}
                    </Anchor>
                  )}
                </div>
              ))}
            </div>
          </Stack>

          <Stack gap="md" component="section" aria-labelledby="testimonials-title">
            <Group justify="center" gap="xs">
              <Title order={2} ta="center" id="testimonials-title">
                What Anchored is for
              </Title>
              <span className={classes.badge}>Illustrative</span>
            </Group>
            <Text size="sm" c="dimmed" ta="center">
              Anchored is new: these are illustrative voices describing the experience we are building, not quotes from real members.
            </Text>
            <div className={classes.voices}>
              {TESTIMONIALS.map((testimonial) => (
                <figure key={testimonial.who} className={classes.voice}>
                  <Text component="blockquote" m={0} fs="italic">
                    “{testimonial.quote}”
                  </Text>
                  <Text component="figcaption" size="sm" c="dimmed" mt="sm">
                    — {testimonial.who} (illustrative)
                  </Text>
                </figure>
              ))}
            </div>
          </Stack>

          <JoinCallToAction />
        </Stack>
      </Container>

      <Box component="footer" className={classes.footer} py="lg" mt="xl">
        <Container size="lg">
          <Group justify="space-between" gap="md">
            <Text size="sm" c="dimmed">
              Anchored: real people, real communities.
            </Text>
            <Group gap="md" component="nav" aria-label="Footer">
              <Anchor component={Link} to={paths.why} size="sm" c="dimmed">
                Why Anchored
              </Anchor>
              <Anchor component={Link} to={paths.terms} size="sm" c="dimmed">
                Terms
              </Anchor>
              <Anchor component={Link} to={paths.privacy} size="sm" c="dimmed">
                Privacy
              </Anchor>
              {!session && (
                <Anchor component={Link} to={paths.signUp} size="sm" c="dimmed">
                  Join with an invite
                </Anchor>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
    </>
  );
}
