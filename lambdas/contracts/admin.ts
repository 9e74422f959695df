/** The admin callables (issue 5); they join the registry through callables.ts. */
export const adminCallables = {} as const;
