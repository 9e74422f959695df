/** The metrics callables (issue 5); they join the registry through callables.ts. */
export const metricsCallables = {} as const;
