import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuthSession } from '../lib/session.ts';
import { JOIN_STEPS } from './join-steps.ts';
import classes from './join-call-to-action.module.css';
import { paths } from '../lib/paths.ts';

/**
 * The public pages' closing invitation (the landing and /why show the same one): join with an
 * invite code, or sign in; a signed-in member is pointed to the dashboard instead. The four steps
 * are the spec's progress indicator, so a visitor knows what joining takes before starting.
 */
export function JoinCallToAction() {
  const { data: session } = useAuthSession();
  return (
    <section className={classes.band} aria-labelledby="join-cta-title" data-testid="join-cta">
      <Title order={2} id="join-cta-title" className={classes.title}>
        {session ? 'Welcome back' : 'Have an invite code?'}
      </Title>
      {session ? (
        <Text className={classes.text}>You are signed in: your feed is on your dashboard, newest first.</Text>
      ) : (
        <>
          <Text className={classes.text}>Anchored is invite-only: a member who knows you gives you an 8‑character code. Joining takes four short steps.</Text>
          <ol className={classes.steps}>
            {JOIN_STEPS.map((step, index) => (
              <li key={step}>
                <span className={classes.number} aria-hidden="true">
                  {index + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </>
      )}
      <div className={classes.actions}>
        {session ? (
          <Button component={Link} to={paths.dashboard} size="md" variant="white">
            Go to your dashboard
          </Button>
        ) : (
          <>
            <Button component={Link} to={paths.signUp} size="md" variant="white">
              Join with an invite code
            </Button>
            <Button component={Link} to={paths.signIn} size="md" variant="outline" color="white">
              Sign In
            </Button>
          </>
        )}
      </div>
      {!session && <Text className={classes.note}>No code yet? Ask someone you know on Anchored: every member gets ten.</Text>}
    </section>
  );
}
