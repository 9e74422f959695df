import { Stepper } from '@mantine/core';
import { JOIN_STEPS, type JoinStep, joinStepIndex, joinStepLabel } from './join-steps.ts';

/** The 4-step progress indicator shown on the sign-up steps and on profile setup while incomplete. */
export function JoinProgress({ current }: { current: JoinStep }) {
  return (
    <nav aria-label={joinStepLabel(current)}>
      <Stepper active={joinStepIndex(current)} size="xs" allowNextStepsSelect={false} mb="lg">
        {JOIN_STEPS.map((step) => (
          <Stepper.Step key={step} label={step} aria-current={step === current ? 'step' : undefined} />
        ))}
      </Stepper>
    </nav>
  );
}
