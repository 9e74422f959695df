import { Autocomplete, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { normalizePlace, normalizeState, US_STATES } from '#contracts/location';
import { useCitySuggestions } from '../lib/suggest-cities.ts';

const STATE_NAMES = US_STATES.map((state) => state.name);

/** State suggestions: names starting with what was typed, or the state whose code it is. */
const filterStates: OptionsFilter = ({ options, search }) => {
  const typed = search.trim().toLowerCase();
  if (!typed) return options;
  return options.filter((option: ComboboxParsedItem) => {
    if (!('value' in option)) return false;
    const state = US_STATES.find((candidate) => candidate.name === option.value);
    return option.value.toLowerCase().startsWith(typed) || state?.code.toLowerCase() === typed;
  });
};

type LocationPath = 'location.city' | 'location.state';

/** What these fields use of a Mantine form whose values hold a US `location` with a city and a state. */
interface LocationForm {
  getValues: () => { location: { city: string; state: string } };
  key: (path: LocationPath) => string;
  getInputProps: (path: LocationPath) => GetInputPropsReturnType;
  setFieldValue: (path: LocationPath, value: string) => void;
  validateField: (path: LocationPath) => unknown;
}

/**
 * The City and State inputs of a profile form (no layout: the caller places them in its grid).
 * City suggests known cities (within the state when known) and is normalized on blur; State
 * accepts a full name, a 2-letter code or a prefix and is normalized to the full name.
 */
export function CityStateFields({ form }: { form: LocationForm }) {
  const { location } = form.getValues();
  const [cityQuery] = useDebouncedValue(location.city, 250);
  const cities = useCitySuggestions(cityQuery, normalizeState(location.state) ?? undefined);
  // Each option's value says "City, State" (unique, and what the list shows); its label is the city
  // alone, which is what Mantine puts in the field when one is picked. With "City, State" as the
  // label the field, and so the saved city, read "Portland, Oregon".
  const suggestions = new Map((cities.data?.cities ?? []).map((suggestion) => [`${suggestion.city}, ${suggestion.state}`, suggestion]));
  const cityOptions = [...suggestions].map(([value, suggestion]) => ({ value, label: suggestion.city }));

  const onCitySubmit = (value: string) => {
    const picked = suggestions.get(value);
    if (!picked) return;
    form.setFieldValue('location.city', picked.city);
    form.setFieldValue('location.state', picked.state);
  };

  /** City and state apart, also for a place typed or pasted whole ("portland, or"). */
  const onCityBlur = (typed: string) => {
    const place = normalizePlace(typed, form.getValues().location.state);
    form.setFieldValue('location.city', place.city);
    const fullState = normalizeState(place.state);
    if (fullState && fullState !== form.getValues().location.state) {
      form.setFieldValue('location.state', fullState);
      form.validateField('location.state');
    }
    form.validateField('location.city');
  };

  return (
    <>
      <Autocomplete
        label="City"
        required
        autoComplete="address-level2"
        data={cityOptions}
        filter={({ options }) => options}
        renderOption={({ option }) => option.value}
        onOptionSubmit={onCitySubmit}
        key={form.key('location.city')}
        {...form.getInputProps('location.city')}
        onBlur={(event) => onCityBlur(event.currentTarget.value)}
      />
      <Autocomplete
        label="State"
        required
        autoComplete="address-level1"
        data={STATE_NAMES}
        filter={filterStates}
        limit={10}
        key={form.key('location.state')}
        {...form.getInputProps('location.state')}
        onBlur={(event) => {
          const full = normalizeState(event.currentTarget.value);
          if (full) form.setFieldValue('location.state', full);
          form.validateField('location.state');
        }}
      />
    </>
  );
}
