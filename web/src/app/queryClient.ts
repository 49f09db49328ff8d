import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** The app's one query cache (App.tsx provides it; routes.tsx fills it ahead for the opening screen). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});
