import { DEFAULT_QUERY_RETRIES, QUERY_GC_TIME_MS, retryDelayMs } from '@dond/shared';
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request';

/** SPEC.md sections 7 and 9: no retries, no refetch on focus, never stale, 5-minute garbage collection. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: DEFAULT_QUERY_RETRIES,
        retryDelay: retryDelayMs,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: DEFAULT_QUERY_RETRIES, retryDelay: retryDelayMs },
    },
  });
}
