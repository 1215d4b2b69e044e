import { audienceSettingsSchema, type AudienceEvent, type AudienceSettings } from '@dond/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from './request';

const SETTINGS_KEY = ['/api/audience/settings'] as const;

/** What the audience does in the streamer's games (GET /api/audience/settings). */
export function useAudienceSettings() {
  return useQuery<AudienceSettings>({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiJson('GET', SETTINGS_KEY[0], undefined, audienceSettingsSchema),
  });
}

export function useSaveAudienceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: AudienceSettings) =>
      apiJson('PUT', SETTINGS_KEY[0], settings, audienceSettingsSchema),
    onSuccess: (settings) => client.setQueryData(SETTINGS_KEY, settings),
  });
}

/** The deck's simulator: one normalized event for the player's own stream (202). */
export async function simulateAudienceEvent(event: AudienceEvent): Promise<void> {
  await apiRequest('POST', '/api/audience/simulate', event);
}
