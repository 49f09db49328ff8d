import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The app's one query cache. A module of its own so a screen's code can start fetching its data
 * the moment it arrives, before React renders the screen.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});
