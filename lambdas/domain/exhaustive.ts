/**
 * The default of a switch over a union's kinds: it typechecks only when every kind has its case,
 * so a new kind (of an item, a change, a notification) cannot be left out silently. At run time a
 * value the types did not foresee is an error, never ignored.
 */
export function exhaustive(value: never): never {
  throw new Error(`Unhandled kind: ${JSON.stringify(value)}`);
}
