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

/**
 * One of the streamer's audience documents: read with GET, replaced with PUT (a body of type B), whose answer
 * becomes the cached copy. A 400 names the field and the rule broken.
 */
function audienceDocument<T, B = T>(
  path: string,
  schema: { parse(value: unknown): T },
  refetchInterval?: number,
) {
  const key = [path] as const;
  return {
    useRead: () =>
      useQuery<T>({ queryKey: key, queryFn: () => apiJson('GET', path, undefined, schema), refetchInterval }),
    useSave: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: B) => apiJson('PUT', path, body, schema),
        onSuccess: (answer) => client.setQueryData(key, answer),
      });
    },
  };
}

/** What the audience does in the streamer's games (GET /api/audience/settings). */
const settings = audienceDocument<AudienceSettings>('/api/audience/settings', audienceSettingsSchema);
export const useAudienceSettings = settings.useRead;
export const useSaveAudienceSettings = settings.useSave;

/** The deck's simulator: one normalized event for the player's own stream (202). */
export async function simulateAudienceEvent(event: AudienceEvent): Promise<void> {
  await apiRequest('POST', '/api/audience/simulate', event);
}

/** How often the deck asks for its sources' state. */
export const AUDIENCE_SOURCES_POLL_MS = 2000;

/**
 * The stream's event sources: their settings, state and counts (GET /api/audience/sources, every 2 s); saving
 * the settings makes the API start or stop them and answer their state.
 */
const sources = audienceDocument<AudienceSources, AudienceSourceSettings>(
  '/api/audience/sources',
  audienceSourcesSchema,
  AUDIENCE_SOURCES_POLL_MS,
);
export const useAudienceSources = sources.useRead;
export const useSaveAudienceSources = sources.useSave;

/** What each named gift does in a window (GET /api/audience/gift-rules). */
const giftRules = audienceDocument<AudienceGiftRules>('/api/audience/gift-rules', audienceGiftRulesSchema);
export const useGiftRules = giftRules.useRead;
export const useSaveGiftRules = giftRules.useSave;

/** A stage's leaderboards (no sign-in: the stage's key is its access); then `leaderboard` events keep them. */
export function fetchStageLeaderboard(key: string): Promise<AudienceLeaderboard> {
  return apiJson(
    'GET',
    `/api${STAGE_PATH_PREFIX}${encodeURIComponent(key)}/leaderboard`,
    undefined,
    audienceLeaderboardSchema,
  );
}
