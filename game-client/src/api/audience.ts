import {
  STAGE_PATH_PREFIX,
  audienceGiftRulesSchema,
  audienceLeaderboardSchema,
  audienceSettingsSchema,
  audienceSourcesSchema,
  type AudienceEvent,
  type AudienceGiftRules,
  type AudienceLeaderboard,
  type AudienceSettings,
  type AudienceSources,
  type AudienceSourceSettings,
} from '@dond/shared';
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

const SOURCES_KEY = ['/api/audience/sources'] as const;
/** How often the deck asks for its sources' state. */
export const AUDIENCE_SOURCES_POLL_MS = 2000;

/** The stream's event sources: their settings, state and counts (GET /api/audience/sources, every 2 s). */
export function useAudienceSources() {
  return useQuery<AudienceSources>({
    queryKey: SOURCES_KEY,
    queryFn: () => apiJson('GET', SOURCES_KEY[0], undefined, audienceSourcesSchema),
    refetchInterval: AUDIENCE_SOURCES_POLL_MS,
  });
}

/** Saves the sources' settings; the API starts or stops them and answers their state. */
export function useSaveAudienceSources() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: AudienceSourceSettings) =>
      apiJson('PUT', SOURCES_KEY[0], settings, audienceSourcesSchema),
    onSuccess: (sources) => client.setQueryData(SOURCES_KEY, sources),
  });
}

const GIFT_RULES_KEY = ['/api/audience/gift-rules'] as const;

/** What each named gift does in a window (GET /api/audience/gift-rules). */
export function useGiftRules() {
  return useQuery<AudienceGiftRules>({
    queryKey: GIFT_RULES_KEY,
    queryFn: () => apiJson('GET', GIFT_RULES_KEY[0], undefined, audienceGiftRulesSchema),
  });
}

/** Saves the gift rules; a 400 names the field and the rule broken. */
export function useSaveGiftRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: AudienceGiftRules) =>
      apiJson('PUT', GIFT_RULES_KEY[0], rules, audienceGiftRulesSchema),
    onSuccess: (rules) => client.setQueryData(GIFT_RULES_KEY, rules),
  });
}

/** A stage's leaderboards (no sign-in: the stage's key is its access); then `leaderboard` events keep them. */
export function fetchStageLeaderboard(key: string): Promise<AudienceLeaderboard> {
  return apiJson(
    'GET',
    `/api${STAGE_PATH_PREFIX}${encodeURIComponent(key)}/leaderboard`,
    undefined,
    audienceLeaderboardSchema,
  );
}
