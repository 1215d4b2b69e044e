import { casesOpenedAfterRound, TIMINGS, type StageInfo } from '@dond/shared';
import type { Page } from '@playwright/test';
import { expect, shot, signIn, test } from './fixtures';
import { openLowestCases, pauseClockNow, waitOutLock } from './game';
import { openedCount, playLiveUntil } from './lateStart';
import { openableCases, openStage, pixels } from './stage';
import { at, logIn, playOn, ROOMY, serverHas } from './stageLate';

const offerDialog = (page: Page) => page.getByRole('dialog', { name: "BANKER'S OFFER" });

test.describe('the streamer studio: stages for OBS', () => {
  test('a game played on the board shows on a landscape and a portrait stage, which have no buttons', async ({
    page,
    users,
    browser,
  }) => {
    test.setTimeout(120_000);
    const player = await users.create();
    await logIn(page, player);
    const info = (await (await page.request.get('/api/stage')).json()) as StageInfo;
    expect(info.urls.landscape).toMatch(new RegExp(`/stage/${info.key}\\?layout=landscape$`));
    // Round 1 on the board: the API opens its first five cases (the stages open on the game), the board the last.
    await playLiveUntil(
      page.request,
      { pick: 4 },
      (view) => openedCount(view) === casesOpenedAfterRound(1) - 1,
    );
    const landscape = await openStage(browser, info.urls.landscape, { width: 960, height: 540 });
    const portrait = await openStage(browser, `${info.urls.portrait}&guides=on`, { width: 540, height: 960 });
    for (const stage of [landscape, portrait]) {
      await expect(stage.locator('[data-stage-status="live"]')).toBeVisible(ROOMY);
      await expect(stage.locator('canvas')).toBeVisible();
    }
    // The board's page time is Playwright's clock: it flows as usual, and is held while the phone is looked at.
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Briefcase 4, your case' })).toBeVisible(ROOMY);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('list', { name: 'Opened cases' }).getByRole('listitem')).toHaveCount(
        casesOpenedAfterRound(1) - 1,
        ROOMY,
      );
    // The round's last case with the board's clock held: the phone stays until the clock runs on (its 2 s is a
    // rule, game-client/src/game/timings.test.ts's), however late a loaded machine looks.
    await pauseClockNow(page);
    await openLowestCases(page, 1);
    await expect(page.getByRole('dialog', { name: 'THE BANKER IS CALLING!' })).toBeVisible(ROOMY);
    await page.clock.resume();
    // The offer 2 s after the call, on a board drawing beside two stages: room for a loaded machine.
    await expect(offerDialog(page)).toBeVisible(ROOMY);
    for (const stage of [landscape, portrait]) {
      await expect(offerDialog(stage)).toBeVisible(ROOMY);
      await expect(stage.getByRole('status').first()).toBeVisible();
      // A stage is watched, never touched: not one button, no header, no footer.
      await expect(stage.getByRole('button')).toHaveCount(0);
      await expect(stage.getByRole('contentinfo')).toHaveCount(0);
    }
    const amount = await offerDialog(page).locator('.offer-amount').innerText();
    await expect(offerDialog(landscape).locator('.offer-amount')).toHaveText(amount);
    await shot(landscape, 'stage-landscape-offer');
    await shot(portrait, 'stage-portrait-offer-guides');

    // Reloaded mid-offer, a stage comes back to the same picture: the offer, not the phone again.
    await landscape.reload();
    await expect(offerDialog(landscape)).toBeVisible();
    await expect(landscape.getByRole('dialog', { name: 'THE BANKER IS CALLING!' })).toHaveCount(0);
    await expect(offerDialog(landscape).locator('.offer-amount')).toHaveText(amount);

    await page.getByRole('button', { name: 'NO DEAL!' }).click();
    for (const stage of [landscape, portrait]) await expect(offerDialog(stage)).toHaveCount(0);
    await waitOutLock(page);
    await openLowestCases(page, 1);
    await expect(landscape.getByRole('dialog', { name: 'Case Eliminated!' })).toBeVisible();
    await shot(portrait, 'stage-portrait-opening');

    // A new stage key stops every stage of the old one within a second.
    const renewed = (await (await page.request.post('/api/stage/key')).json()) as StageInfo;
    expect(renewed.key).not.toBe(info.key);
    for (const stage of [landscape, portrait])
      // The server ends the old key's streams at once (api/src/modules/stage/stage.test.ts › 'ends with
      // "revoked"...'); a loaded machine's stage may take more than the second to draw it.
      await expect(stage.getByRole('heading', { name: 'This stage link is not valid' })).toBeVisible(ROOMY);
    const old = await landscape.request.get(info.urls.landscape);
    expect(old.status()).toBe(404);
    await landscape.context().close();
    await portrait.context().close();
  });

  test('transparent by default, our backdrop or a chroma colour on request', async ({
    page,
    users,
    browser,
  }) => {
    const player = await users.create();
    await signIn(page, player);
    const info = (await (await page.request.get('/api/stage')).json()) as StageInfo;
    const size = { width: 640, height: 360 };
    const corners: Array<[number, number]> = [
      [1, 1],
      [size.width - 2, 1],
      [1, size.height - 2],
      [size.width - 2, size.height - 2],
    ];
    const transparent = await openStage(browser, info.urls.landscape, size);
    await expect(transparent.locator('canvas')).toBeVisible();
    for (const [r, g, b, a] of await pixels(transparent, corners)) expect([r, g, b, a]).toEqual([0, 0, 0, 0]);
    await shot(transparent, 'stage-transparent');

    const chroma = await openStage(browser, `${info.urls.landscape}&bg=%2300ff00`, size);
    await expect(chroma.locator('canvas')).toBeVisible();
    for (const pixel of await pixels(chroma, corners)) expect(pixel).toEqual([0, 255, 0, 255]);

    const backdrop = await openStage(browser, `${info.urls.portrait}&bg=stage`, { width: 360, height: 640 });
    await expect(backdrop.locator('canvas')).toBeVisible();
    for (const [, , , a] of await pixels(backdrop, [[1, 1]])) expect(a).toBe(255);
    await shot(backdrop, 'stage-portrait-backdrop');
    for (const stage of [transparent, chroma, backdrop]) await stage.context().close();
  });

  test('an unknown stage key is a plain page saying so, never a blank', async ({ browser }) => {
    const stage = await openStage(browser, `/stage/${'x'.repeat(43)}`, { width: 640, height: 360 });
    await expect(stage.getByText('This stage link is not valid')).toBeVisible();
    const res = await stage.request.get(`/stage/${'x'.repeat(43)}?layout=portrait`);
    expect(res.status()).toBe(404);
    await stage.context().close();
  });
});

/** The lowest-numbered case the deck can open now. */
async function lowestOpenable(deck: Page): Promise<number> {
  return (await openableCases(deck))[0]!;
}

/**
 * Presses hotkeys on the deck, then ends the 800 ms interaction lock they started on the deck's clock (installed by
 * the test): the next key never lands in the lock, where the deck ignores it, however late a loaded machine would
 * fire the lock's real timer, and the test does not wait the lock out.
 */
async function pressOnDeck(deck: Page, ...keys: string[]) {
  for (const key of keys) await deck.keyboard.press(key);
  await deck.clock.fastForward(TIMINGS.interactionLockMs);
}

/** Types a case number on the deck and presses Enter. */
const typeCase = (deck: Page, n: number) => pressOnDeck(deck, ...String(n), 'Enter');

/** Whether a screen of the game (a stage, the board) lists case `n` among the opened cases. */
const shownOpen = (screen: Page, n: number) =>
  screen
    .getByRole('list', { name: 'Opened cases' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^Case ${n}\\b`) });

test.describe('the streamer studio: the control deck', () => {
  test('the deck’s hotkeys through a game (round 1’s first and last case and its offer keyed, the rest over the API), seen on both stages and the board; the board drives it too', async ({
    page,
    users,
    browser,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(180_000);
    const player = await users.create();
    await signIn(page, player);
    // The deck in a window of its own, signed in as the board is (as an OBS dock), its timers on Playwright's clock:
    // in real time, but for the locks the test ends (pressOnDeck).
    const deckWindow = await browser.newContext({
      storageState: await page.context().storageState(),
      extraHTTPHeaders,
      viewport: { width: 400, height: 900 },
    });
    await deckWindow.clock.install();
    const deck = await deckWindow.newPage();
    // The deck's preview is a third stage, drawing every animation on the deck's own main thread (software WebGL,
    // the keys wait behind it); this test reads the two stages it opens, so the preview's page is left empty.
    await deck.route(
      (url) => url.pathname.startsWith('/stage/') && url.searchParams.get('guides') === 'on',
      (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stage preview</title>' }),
    );
    await deck.goto('/control');
    await expect(deck.getByRole('heading', { name: 'Control deck' })).toBeVisible();
    const info = (await (await page.request.get('/api/stage')).json()) as StageInfo;
    await expect(deck.getByRole('textbox', { name: /^Portrait/ })).toHaveValue(info.urls.portrait);
    const landscape = await openStage(browser, info.urls.landscape, { width: 960, height: 540 });
    const portrait = await openStage(browser, info.urls.portrait, { width: 540, height: 960 });
    for (const stage of [landscape, portrait])
      await expect(stage.locator('[data-stage-status="live"]')).toBeVisible();
    await expect(deck.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeEnabled();
    await shot(deck, 'deck-start');

    // The board at / picks the case: the deck and the stages follow.
    await page.getByRole('button', { name: 'Briefcase 7', exact: true }).click();
    await expect(deck.getByRole('button', { name: 'Briefcase 7, your case' })).toBeVisible();
    await expect(portrait.getByRole('status').first()).toContainText('Round 1');

    // The deck keys round 1's first case and its last (numbers and Enter), then N refuses the offer; the API opens
    // the cases between and plays rounds 2 to 9. Each keyed step waits for every screen to show it: four
    // software-WebGL pictures share two cores, and a test that ran ahead of them would meet a backlog of
    // animations. The stages (other browsers, on real time: the phone rings 2 s before each offer) and the board
    // get waits with room for a loaded machine.
    const roomy = ROOMY;
    const screens = [landscape, portrait, page];
    const noDeal = deck.getByRole('button', { name: 'NO DEAL!' });
    const keep = deck.getByRole('button', { name: /^KEEP CASE #/ });
    const openedOn = (screen: Page) =>
      screen.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
    const keyCase = async () => {
      const n = await lowestOpenable(deck);
      await typeCase(deck, n);
      // The server's answer is in (the deck takes the next key), and every screen shows the case open.
      await expect(deck.getByRole('button', { name: `Briefcase ${n}`, exact: true })).toHaveCount(0, roomy);
      for (const screen of screens) await expect(shownOpen(screen, n)).toHaveCount(1, roomy);
    };
    await serverHas(page.request, (view) => view.playerCase === 7, 'case 7 picked');
    await keyCase();
    await serverHas(page.request, (view) => openedCount(view) === 1, 'the keyed case open');
    await playOn(page.request, { pick: 7 }, at('elimination', casesOpenedAfterRound(1) - 1));
    for (const screen of screens)
      await expect(openedOn(screen)).toHaveCount(casesOpenedAfterRound(1) - 1, roomy);
    await keyCase();
    // The round's end, keyed: the banker calls, and the offer is on every stage.
    await expect(noDeal).toBeVisible(roomy);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: "BANKER'S OFFER" })).toBeVisible(roomy);
    await shot(deck, 'deck-offer');
    await expect(noDeal).toBeEnabled();
    await pressOnDeck(deck, 'n');
    await expect(noDeal).toHaveCount(0);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: "BANKER'S OFFER" })).toHaveCount(0, roomy);
    await serverHas(page.request, at('elimination', casesOpenedAfterRound(1)), 'round 2 begun');

    // Rounds 2 to 9 over the API (the same game, refusing every offer): every screen follows the server's game
    // to the final decision, every case open and the nine offers in the deck's list of them.
    await playOn(page.request, { pick: 7 }, (view) => view.phase === 'final-choice');
    await expect(keep).toBeVisible(roomy);
    for (const screen of screens) await expect(openedOn(screen)).toHaveCount(24, roomy);
    await expect(deck.locator('.deck-offers')).toHaveText(/^[^:]+: (🪙 [\d,]+(, |$)){9}$/u);
    // Every screen of the game followed the deck and the API: both stages, and the board at / it started on.
    for (const screen of screens)
      await expect(screen.getByRole('dialog', { name: 'FINAL DECISION!' })).toBeVisible(roomy);
    await shot(portrait, 'stage-portrait-final-decision');
    await expect(keep).toBeEnabled();
    await pressOnDeck(deck, 's');
    // The stages show the reveal 1.5 s after the swap's push: the deck has long had its answer, the game over.
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: 'SWAP!' })).toBeVisible(roomy);
    await shot(landscape, 'stage-landscape-final-reveal');
    await shot(deck, 'deck-over');
    // The stage has still no button, the game over.
    await expect(landscape.getByRole('button')).toHaveCount(0);

    // Ctrl+Enter: a new game at once after a finished one; in the middle of one, the confirmation first.
    await pressOnDeck(deck, 'Control+Enter');
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: 'SWAP!' })).toHaveCount(0, roomy);
    await expect(deck.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeEnabled(roomy);
    await typeCase(deck, 3);
    await expect(deck.getByRole('button', { name: 'Briefcase 3, your case' })).toBeVisible(roomy);
    await expect(landscape.getByRole('status').first()).toContainText('Round 1', roomy);
    await pressOnDeck(deck, 'Control+Enter');
    const confirm = deck.getByRole('dialog', { name: 'Start a new game?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep playing' }).click();
    await expect(deck.getByRole('button', { name: 'Briefcase 3, your case' })).toBeVisible();
    for (const stage of [landscape, portrait]) await stage.context().close();
    await deckWindow.close();
  });
});
