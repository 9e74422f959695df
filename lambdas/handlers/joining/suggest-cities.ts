import { suggestCities } from '#data/places';
import { defineCallable } from '#http/define-callable';

export const handler = defineCallable('suggestCities', async ({ query, state }) => ({ cities: suggestCities(query, state) }));
