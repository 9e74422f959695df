import { normalizePlace } from '#contracts/location';
import { replaceIfUnchanged, scanItemsContaining } from '#data/migrations';
import type { Migration } from './migration.ts';

/**
 * Picking a city suggestion once saved "Portland, Oregon" as the city: the profile read
 * "Portland, Oregon, Oregon, United States", metrics counted two cities, and the invite rule
 * refused a newcomer who typed Portland / Oregon. This repairs member records whose city (or the
 * place their invite was judged on, inviteSystem.invitedFrom) holds a trailing state or country:
 * the city alone and the state's full name (normalizePlace), as the app now saves them. A city
 * whose comma is part of what the member typed (a different state after it) is left as it is.
 */

type Attributes = Record<string, unknown>;

function placeAt(attributes: Attributes, ...path: string[]): { city: string; state: string } | null {
  let value: unknown = attributes;
  for (const part of path) value = value !== null && typeof value === 'object' ? (value as Attributes)[part] : undefined;
  if (value === null || typeof value !== 'object') return null;
  const { city, state } = value as Attributes;
  return typeof city === 'string' && typeof state === 'string' ? { city, state } : null;
}

/** The writes that put one stored place right (path → from/to), none when it is right already. */
export function placeRepair(prefix: string, place: { city: string; state: string } | null): Record<string, { from: string; to: string }> {
  if (!place || !place.city.includes(',')) return {};
  const repaired = normalizePlace(place.city, place.state);
  if (repaired.city.includes(',')) return {};
  const changes: Record<string, { from: string; to: string }> = {};
  if (repaired.city !== place.city) changes[`${prefix}.city`] = { from: place.city, to: repaired.city };
  if (repaired.state !== place.state) changes[`${prefix}.state`] = { from: place.state, to: repaired.state };
  return changes;
}

export const placeCityStateApart: Migration = {
  version: '0005',
  description: 'Member records: a city saved with its state ("Portland, Oregon") split into city and state, in the location and the invite\'s place',
  run: async (_context, { dryRun }) => {
    let changed = 0;
    const scanned = await scanItemsContaining(
      'member',
      { containing: ['location.city', 'inviteSystem.invitedFrom.city'], text: ',', read: ['location.state', 'inviteSystem.invitedFrom.state'] },
      async ({ key, attributes }) => {
        const changes = {
          ...placeRepair('location', placeAt(attributes, 'location')),
          ...placeRepair('inviteSystem.invitedFrom', placeAt(attributes, 'inviteSystem', 'invitedFrom')),
        };
        if (Object.keys(changes).length === 0) return;
        if (dryRun || (await replaceIfUnchanged(key, changes))) changed += 1;
      },
    );
    return { scanned, changed };
  },
};
