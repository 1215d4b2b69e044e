import { playFirstRound } from './game';
import { expect, shot, signIn, test, toasts } from './fixtures';

test('the next game is dealt from the player’s saved gift set, and saved with it', async ({
  page,
  users,
}) => {
  test.setTimeout(45_000);
  const player = await users.create();
  await signIn(page, player);
  // The board has dealt its first game (from the default set) before the set is saved.
  await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
  // Rose (1 coin) out, TikTok Universe (44,999 coins) in.
  const giftIds = [...Array.from({ length: 25 }, (_, i) => i + 2), 44];
  const saved = await page.request.post('/api/gifts/custom', { data: { name: 'Big Night', giftIds } });
  expect(saved.status()).toBe(200);
  const setId = (await saved.json()).customGiftSet.id as number;

  await page.reload();
  const higher = page.getByRole('list', { name: 'HIGHER VALUES' });
  const lower = page.getByRole('list', { name: 'LOWER VALUES' });
  await expect(higher.getByRole('listitem').last()).toContainText('TikTok Universe');
  await expect(lower.getByRole('listitem').first()).toContainText('Finger Heart');
  await expect(page.getByText(/^Rose /)).toHaveCount(0);
  await shot(page, 'game-with-custom-set');

  // The banker's call is not what this test is about: a loaded machine may look after its 2 s are over.
  await playFirstRound(page, 1, { seeCall: false });
  await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Game Saved!' })).toBeVisible({ timeout: 5000 });
  const games = (await (await page.request.get('/api/games/my-games')).json()).games as Array<{
    giftIdsUsed: number[];
    customGiftSetId: number | null;
  }>;
  expect(games).toHaveLength(1);
  expect([...games[0]!.giftIdsUsed].sort((a, b) => a - b)).toEqual([...giftIds].sort((a, b) => a - b));
  expect(games[0]!.customGiftSetId).toBe(setId);
});
