/** The spec's 4-step progress indicator (§2 Navigation), in order. */
export const JOIN_STEPS = ['Invite Code', 'Create Account', 'Verify Email', 'Complete Profile'] as const;

export type JoinStep = (typeof JOIN_STEPS)[number];

/** Zero-based position of a step: the steps before it are done, the ones after it to come. */
export function joinStepIndex(step: JoinStep): number {
  return JOIN_STEPS.indexOf(step);
}

/** The accessible summary, e.g. "Step 2 of 4: Create Account". */
export function joinStepLabel(step: JoinStep): string {
  return `Step ${joinStepIndex(step) + 1} of ${JOIN_STEPS.length}: ${step}`;
}
