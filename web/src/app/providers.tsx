import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own, so no state leaks between them. */
  queryClient?: QueryClient;
}

/** Everything a screen may rely on: the Mantine theme, notifications and the server-state cache. */
export function AppProviders({ children, queryClient = defaultQueryClient }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
