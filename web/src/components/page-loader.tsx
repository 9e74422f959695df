import { Center, Loader } from '@mantine/core';

/** A full-area loading state with an accessible name. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
