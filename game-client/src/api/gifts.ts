import {
  customGiftSetResponseSchema,
  isValidGiftSet,
  resolveGiftSet,
  type CustomGiftSetRequest,
  type CustomGiftSetResponse,
  type Gift,
} from '@dond/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { CUSTOM_GIFTS_URL } from '../store/storageKeys';
import { sharedWithApp, takeEarlyRead } from './early';
import { apiJson } from './request';

export const CUSTOM_GIFTS_KEY = [CUSTOM_GIFTS_URL] as const;

/** The saved set: the read of a board drawn before the app if there was one (its first read), else asked now. */
const giftSetRead = sharedWithApp(readCustomGiftSet);
const fetchCustomGiftSet = giftSetRead.forApp;
export const readCustomGiftSetBeforeApp = giftSetRead.beforeApp;

/** The saved set, from the read the page's head started for a returning player when it succeeded. */
async function readCustomGiftSet(): Promise<CustomGiftSetResponse> {
  const early = await takeEarlyRead('gifts')?.catch(() => undefined);
  // Anything but a success is asked again, so a failure reads exactly as it always did.
  if (early?.ok) return customGiftSetResponseSchema.parse(await early.json());
  return apiJson('GET', CUSTOM_GIFTS_KEY[0], undefined, customGiftSetResponseSchema);
}

/**
 * GET /api/gifts/custom: the signed-in player's saved set, or customGiftSet null before the first save.
 * No retry (SPEC.md section 7); a 401 (the session is gone) is raised as an HttpError with status 401.
 * Pass enabled: false when nobody is signed in: the call runs only when a user is present.
 * The cached answer may be null where another reader of this key takes a 401 as "no data".
 */
export function useCustomGiftSet({
  enabled = true,
  refetchOnMount = true,
}: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery<CustomGiftSetResponse | null>({
    queryKey: CUSTOM_GIFTS_KEY,
    queryFn: fetchCustomGiftSet,
    retry: false,
    enabled,
    refetchOnMount,
  });
}

/**
 * The saved set as the server answers it now, read afresh on mount (the answer also checks the session).
 * A read already on its way when the screen opens (the board's) may carry a session that has ended since:
 * it is dropped and asked again, so only a read sent after opening counts as fresh.
 */
export function useFreshCustomGiftSet() {
  const queryClient = useQueryClient();
  const [earlierRead] = useState(
    () => queryClient.getQueryState(CUSTOM_GIFTS_KEY)?.fetchStatus === 'fetching',
  );
  const query = useCustomGiftSet({ refetchOnMount: 'always' });
  const { refetch } = query;
  useEffect(() => {
    if (earlierRead) void queryClient.cancelQueries({ queryKey: CUSTOM_GIFTS_KEY }).then(() => refetch());
  }, [earlierRead, queryClient, refetch]);
  return query;
}

/** POST /api/gifts/custom: saves name and giftIds; the answer replaces the cached set. */
export function useSaveCustomGiftSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomGiftSetRequest) =>
      apiJson('POST', CUSTOM_GIFTS_KEY[0], body, customGiftSetResponseSchema),
    onSuccess: (answer: CustomGiftSetResponse) => queryClient.setQueryData(CUSTOM_GIFTS_KEY, answer),
  });
}

/**
 * The gifts a game is played with (SPEC.md section 4 "Gift set used for a game"): a signed-in player's
 * saved set when it resolves to exactly 26 known gifts, otherwise the default set; sorted by coins.
 * customGiftSetId is the saved set's id when that set is the one used, else null (for the save payload).
 */
export function useGiftsForGame(signedIn: boolean): {
  gifts: Gift[];
  customGiftSetId: number | null;
  isLoading: boolean;
} {
  const query = useCustomGiftSet({ enabled: signedIn });
  const saved = signedIn ? (query.data?.customGiftSet ?? null) : null;
  // The same array between renders while the saved set is unchanged, so a board can depend on it.
  const played = useMemo(() => giftsForGame(saved), [saved]);
  return { ...played, isLoading: signedIn && query.isLoading };
}

/** The gifts a game is played with from the player's saved set (null: none, or nobody signed in). */
export function giftsForGame(saved: CustomGiftSetResponse['customGiftSet']): {
  gifts: Gift[];
  customGiftSetId: number | null;
} {
  const gifts = resolveGiftSet(saved?.giftIds);
  const usesSaved = saved !== null && isValidGiftSet(saved.giftIds);
  return { gifts, customGiftSetId: usesSaved ? saved.id : null };
}
