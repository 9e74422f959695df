import { Box, Group, Text } from '@mantine/core';
import { JOIN_STEPS, type JoinStep, joinStepIndex, joinStepLabel } from './join-steps.ts';
import classes from './join-progress.module.css';

/**
 * The 4-step progress indicator shown on the sign-up steps and on profile setup while incomplete.
 * A plain ordered list: the steps are not links (each needs the previous one done).
 */
export function JoinProgress({ current }: { current: JoinStep }) {
  const currentIndex = joinStepIndex(current);
  return (
    <Box component="nav" aria-label="Joining progress" mb="lg">
      <ol className={classes.list}>
        {JOIN_STEPS.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li key={step} className={classes.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <Group gap={8} wrap="nowrap">
                <span className={classes.marker} aria-hidden="true">
                  {state === 'done' ? '✓' : index + 1}
                </span>
                <Text size="sm" fw={state === 'current' ? 700 : 500} className={classes.label}>
                  {step}
                  {state === 'done' && <span className={classes.srOnly}> (done)</span>}
                </Text>
              </Group>
            </li>
          );
        })}
      </ol>
      <span className={classes.srOnly}>{joinStepLabel(current)}</span>
    </Box>
  );
}
