/**
 * The pure rules of npm run migrate: what a registry must look like, and which of its migrations a
 * stage still needs. A migration's version is its identity on every stage (MIGRATION / <version>),
 * so versions are four digits, unique, and the registry lists them in ascending order; a new one
 * always goes at the end.
 */

export const VERSION_PATTERN = /^\d{4}$/;

interface Versioned {
  version: string;
  description: string;
}

/** The registry's faults, in sentences (empty: it is sound). */
export function registryProblems(migrations: readonly Versioned[]): string[] {
  const problems: string[] = [];
  migrations.forEach((migration, index) => {
    if (!VERSION_PATTERN.test(migration.version)) problems.push(`Migration version "${migration.version}" is not four digits (0001, 0002, …).`);
    if (migration.description.trim() === '') problems.push(`Migration ${migration.version} has no description.`);
    const previous = migrations[index - 1];
    if (previous && migration.version <= previous.version) {
      problems.push(
        migration.version === previous.version
          ? `Migration version ${migration.version} is listed twice.`
          : `Migration ${migration.version} is listed after ${previous.version}: the registry runs in ascending order, new ones at the end.`,
      );
    }
  });
  return problems;
}

/** Throws with every problem when the registry is not sound (the runner checks before it touches a stage). */
export function assertSoundRegistry(migrations: readonly Versioned[]): void {
  const problems = registryProblems(migrations);
  if (problems.length > 0) throw new Error(problems.join(' '));
}

/** The migrations a stage has not applied, in registry order. */
export function pendingMigrations<M extends Versioned>(migrations: readonly M[], appliedVersions: Iterable<string>): M[] {
  const applied = new Set(appliedVersions);
  return migrations.filter((migration) => !applied.has(migration.version));
}

/**
 * Versions a stage has applied that this registry does not know: the stage ran a newer checkout.
 * The runner refuses then, rather than run older code's idea of what is pending.
 */
export function unknownAppliedVersions(migrations: readonly Versioned[], appliedVersions: Iterable<string>): string[] {
  const known = new Set(migrations.map((migration) => migration.version));
  return [...appliedVersions].filter((version) => !known.has(version));
}
