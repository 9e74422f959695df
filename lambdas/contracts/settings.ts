/** The settings callables (issue 5); they join the registry through callables.ts. */
export const settingsCallables = {} as const;
