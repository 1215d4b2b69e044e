import { stageInfoSchema, type StageInfo } from '@dond/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from './request';

const STAGE_KEY = ['/api/stage'] as const;

/** The player's stage key and URLs (GET /api/stage: made on first use); asked only once `enabled`. */
export function useStageInfo(enabled = true) {
  return useQuery<StageInfo>({
    queryKey: STAGE_KEY,
    queryFn: () => apiJson('GET', '/api/stage', undefined, stageInfoSchema),
    staleTime: Infinity,
    enabled,
  });
}

/** 'New stage key': every stage of the old key stops at once. */
export function useNewStageKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', '/api/stage/key', undefined, stageInfoSchema),
    onSuccess: (info) => client.setQueryData(STAGE_KEY, info),
  });
}
