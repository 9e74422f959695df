import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { LIFT_BUDGETS_ENV, LIFT_BUDGETS_STAGE, budgetsLifted } from '../../lambdas/domain/budget-lift.ts';
import { AppFunction } from '../../lib/app-function.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { resourcesOf, synth } from './synth.ts';

/**
 * The local cloud's settings cannot reach AWS: the lift of the abuse budgets
 * (startLocalCloud's `budgets: 'lifted'`, lambdas/domain/budget-lift.ts) needs STAGE local beside
 * LOCAL_LIFT_BUDGETS=1, and no deployed function has either, in any stack of the app (nested ones
 * included).
 */

/** The environment variables of every Lambda function in every stack of the app. */
function functionEnvironments(stage: Stage): Record<string, unknown>[] {
  const { app } = synth({ stage });
  const stacks = app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
  return stacks.flatMap((stack) =>
    Object.values(resourcesOf(Template.fromStack(stack), 'AWS::Lambda::Function')).map(
      (fn) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
    ),
  );
}

describe('no deployed stage is the local cloud', () => {
  it('the stages CDK builds do not include the stage where budgets may be lifted', () => {
    expect(STAGES).not.toContain(LIFT_BUDGETS_STAGE);
  });

  describe.each(STAGES)('on %s', (stage) => {
    const environments = functionEnvironments(stage);
    const appFunctions = synth({ stage })
      .app.node.findAll()
      .filter((construct) => construct instanceof AppFunction);

    it('every function of the product has STAGE set to the deployed stage', () => {
      const staged = environments.filter((variables) => 'STAGE' in variables);
      expect(appFunctions.length).toBeGreaterThan(0);
      expect(staged).toHaveLength(appFunctions.length);
      for (const variables of staged) expect(variables.STAGE).toBe(stage);
    });

    it(`no function carries ${LIFT_BUDGETS_ENV}, and with its own environment none could lift a budget`, () => {
      for (const variables of environments) {
        expect(variables).not.toHaveProperty(LIFT_BUDGETS_ENV);
        // Even were the variable added by hand in the console, the function's STAGE refuses it.
        expect(budgetsLifted({ ...(variables as Record<string, string>), [LIFT_BUDGETS_ENV]: '1' })).toBe(false);
      }
    });
  });
});
