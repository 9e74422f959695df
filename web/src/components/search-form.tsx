import { Button, Group, TextInput } from '@mantine/core';
import { type Ref, useState } from 'react';

interface SearchFormProps {
  /** The form's accessible name (a search landmark). */
  name: string;
  label: string;
  placeholder: string;
  /** The text searched last. */
  query: string;
  /** Searches for the trimmed, non-empty text typed. */
  onSearch: (query: string) => void;
  /** Searches again: the text typed is the one searched last. */
  onRepeat: () => void;
  searching: boolean;
  /** The text box, for a screen that focuses it (the Anchors page's ?find). */
  inputRef?: Ref<HTMLInputElement>;
}

/** A one-line search form: the trimmed text is searched on submit (never empty); the same text again searches again. */
export function SearchForm({ name, label, placeholder, query, onSearch, onRepeat, searching, inputRef }: SearchFormProps) {
  const [typed, setTyped] = useState('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = typed.trim();
    if (!trimmed) return;
    if (trimmed === query) onRepeat();
    onSearch(trimmed);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={name}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label={label}
          placeholder={placeholder}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          style={{ flex: 1 }}
          maxLength={100}
        />
        <Button type="submit" disabled={!typed.trim()} loading={searching}>
          Search
        </Button>
      </Group>
    </form>
  );
}
