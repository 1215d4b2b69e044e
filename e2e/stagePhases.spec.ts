import { casesOpenedAfterRound, GAME_TEXT, type StageInfo } from '@dond/shared';
import type { Locator, Page } from '@playwright/test';
import path from 'node:path';
import { expect, shot, test } from './fixtures';
import { endLock } from './game';
import { openedCount, playLiveUntil } from './lateStart';
import { at, deckShowsOpened, logIn, playOn, ROOMY, serverHas } from './stageLate';
import { countPixels, openableCases, openStage, type Region } from './stage';

/**
 * The streamer studio (issue 18) as a streamer uses it: stages captured at their own size (1920x1080 and
 * 1080x1920, scale 1), the deck played with the pointer where a finger or a mouse lands, at a desktop, a
 * tablet and a phone size. Screenshots of each layout in each phase go to test-results/screenshots/stage-*.
 */

/**
 * The stages' browser sources: half of OBS's 1920x1080 and of a 1080x1920 capture. The stage draws the same
 * logical canvas scaled; at full size a screenshot of software WebGL takes longer than the 2 s phone shows.
 */
const SHOWN = 0.5;
/** Pixels of the phone's green in a stage's picture of the phone, at least (its disc alone has about 20,000). */
const PHONE_GREEN_PIXELS = 5000;
/** TikTok LIVE's default safe zones of a 1080x1920 portrait stream, as shown: nothing of the game may show there. */
const SAFE_MARGINS: Region[] = [
  { name: 'top 250', x: 0, y: 0, width: 1080, height: 250 },
  { name: 'bottom 420', x: 0, y: 1920 - 420, width: 1080, height: 420 },
  { name: 'right 170', x: 1080 - 170, y: 250, width: 170, height: 1920 - 250 - 420 },
].map((r) => ({
  ...r,
  x: r.x * SHOWN,
  y: r.y * SHOWN,
  width: r.width * SHOWN,
  height: r.height * SHOWN,
}));

/**
 * Taps (or clicks) a deck button where a finger would: at its centre, once it is scrolled into view, after
 * checking that nothing covers that point.
 */
async function tap(deck: Page, button: Locator, touch: boolean): Promise<void> {
  await expect(button).toBeEnabled();
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const hit = await button.evaluate(
    (el, [px, py]) => document.elementFromPoint(px!, py!)?.closest('button') === el,
    [x, y],
  );
  expect(hit, `nothing covers ${await button.textContent()}`).toBe(true);
  if (touch) await deck.touchscreen.tap(x, y);
  else await deck.mouse.click(x, y);
}

const deckButton = (deck: Page, name: string | RegExp) =>
  deck.getByRole('button', { name, exact: typeof name === 'string' });

/** The lowest-numbered case the deck can open now, or null. */
async function lowestOpenable(deck: Page): Promise<Locator | null> {
  const [lowest] = await openableCases(deck);
  return lowest === undefined ? null : deckButton(deck, `Briefcase ${lowest}`);
}

type Phase = 'open' | 'offer' | 'final';

/** Waits for the deck to ask for something: a case to open, an offer to answer, or the final decision. */
async function nextPhase(deck: Page): Promise<Phase> {
  for (let i = 0; i < 40; i++) {
    if (await deckButton(deck, GAME_TEXT.noDeal).isVisible()) return 'offer';
    if (await deckButton(deck, /^KEEP CASE #/).isVisible()) return 'final';
    if (await lowestOpenable(deck)) return 'open';
    await deck.waitForTimeout(250);
  }
  throw new Error('the deck asked for nothing in 10 s');
}

/**
 * Plays on from the deck with taps until the final decision (refusing every offer), or until `dealAt` offers
 * have been seen (taking that one). `onPhase` sees each phase the first time, before the deck acts on it.
 */
async function playOnDeck(
  deck: Page,
  touch: boolean,
  {
    dealAt,
    onOpened,
    onOffer,
  }: { dealAt?: number; onOpened?: () => Promise<void>; onOffer?: () => Promise<void> } = {},
): Promise<'final' | 'deal'> {
  let offers = 0;
  for (let step = 0; step < 60; step++) {
    const phase = await nextPhase(deck);
    if (phase === 'final') return 'final';
    await endLock(deck);
    if (phase === 'open') {
      // The round may have ended meanwhile (the banker calls): ask the deck again.
      const next = await lowestOpenable(deck);
      if (!next) continue;
      await tap(deck, next, touch);
      await onOpened?.();
      continue;
    }
    offers++;
    await onOffer?.();
    if (offers === dealAt) {
      await tap(deck, deckButton(deck, GAME_TEXT.deal), touch);
      return 'deal';
    }
    await tap(deck, deckButton(deck, GAME_TEXT.noDeal), touch);
    await expect(deckButton(deck, GAME_TEXT.noDeal)).toHaveCount(0);
  }
  throw new Error('no end in 60 steps');
}

/**
 * The signed-in page goes to the deck (the board it left would draw every animation a third time), its timers on
 * Playwright's clock (in real time, but for the locks the test ends: endLock).
 */
async function openDeck(
  page: Page,
  size: { width: number; height: number },
  { preview = true } = {},
): Promise<Page> {
  await page.clock.install();
  // Without its preview (a third stage drawing every animation on the deck's own main thread in software WebGL,
  // where the taps wait behind it), the preview's page is left empty: where the test pictures both stages itself.
  if (!preview)
    await page.route(
      (url) => url.pathname.startsWith('/stage/') && url.searchParams.get('guides') === 'on',
      (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stage preview</title>' }),
    );
  await page.setViewportSize(size);
  await page.goto('/control');
  await expect(page.getByRole('heading', { name: 'Control deck' })).toBeVisible();
  return page;
}

test.describe('the streamer studio in every phase', () => {
  test('both stage layouts in every phase of a game and a deal, the portrait clear of TikTok LIVE’s safe zones; the deck clicked at 1024x768', async ({
    page,
    users,
    browser,
  }) => {
    // The deck taps each kind of button where a phase is pictured (the pick, a case, a round's last case, NO DEAL,
    // KEEP, NEW GAME, DEAL, CONTINUE); the API plays the cases and offers between those moments (stageLate.ts).
    // Three screens draw each moment in software WebGL: room for a loaded machine.
    test.setTimeout(300_000);
    const player = await users.create();
    // Signed in without loading the board at / (a fourth WebGL picture): the page goes to the deck.
    await logIn(page, player);
    const info = (await (await page.request.get('/api/stage')).json()) as StageInfo;
    const landscape = await openStage(browser, info.urls.landscape, {
      width: 1920 * SHOWN,
      height: 1080 * SHOWN,
    });
    const portrait = await openStage(browser, info.urls.portrait, {
      width: 1080 * SHOWN,
      height: 1920 * SHOWN,
    });
    const deck = await openDeck(page, { width: 1024, height: 768 }, { preview: false });
    for (const stage of [landscape, portrait])
      await expect(stage.locator('[data-stage-status="live"]')).toBeVisible();

    const stages = { portrait, landscape };
    const seen = new Set<string>();
    /**
     * A stage's picture of a phase (once per layout), the portrait's safe margins checked on that very picture;
     * true if taken. `only` takes one stage while the other is frozen (Chromium's page lifecycle): two stages
     * drawing the phone's animation at once keep a software-WebGL machine from taking either picture within its
     * 2 s. A `dialog` must show before and after the picture, else it is not taken (`fleeting`: the phone is
     * tried again at the next call) or the test fails.
     */
    const capture = async (
      phase: string,
      {
        dialog,
        only,
        fleeting = false,
        retry = false,
      }: { dialog?: string; only?: keyof typeof stages; fleeting?: boolean; retry?: boolean } = {},
    ): Promise<boolean> => {
      const layouts = only ? [only] : (['portrait', 'landscape'] as const);
      const other = only ? stages[only === 'portrait' ? 'landscape' : 'portrait'] : null;
      const freeze = other && (await other.context().newCDPSession(other));
      await freeze?.send('Page.setWebLifecycleState', { state: 'frozen' });
      let taken = true;
      for (const layout of layouts) {
        const stage = stages[layout];
        if (seen.has(`${layout} ${phase}`)) continue;
        const up = dialog ? stage.getByRole('dialog', { name: dialog, exact: true }) : null;
        // `retry`: a dialog gone before or after the picture leaves it untaken, for the caller to try again.
        const stillUp = async () =>
          !up ||
          (retry
            ? up.isVisible()
            : expect(up)
                .toBeVisible()
                .then(() => true));
        if (!fleeting && !(await stillUp())) {
          taken = false;
          continue;
        }
        const file = path.join(test.info().project.outputDir, 'screenshots', `stage-${layout}-${phase}.png`);
        const size = stage.viewportSize()!;
        const whole = { name: 'whole', x: 0, y: 0, ...size };
        // The phone straight from the compositor: a screenshot that waits for the stage's busy main thread comes
        // after the phone has gone on a slow machine.
        const counts = await countPixels(
          stage,
          [whole, ...(layout === 'portrait' ? SAFE_MARGINS : [])],
          file,
          fleeting,
        );
        if (layout === 'portrait')
          expect(
            SAFE_MARGINS.map((m) => counts[m.name]!.opaque),
            `${phase}: pixels in the safe margins`,
          ).toEqual([0, 0, 0]);
        // The phone shows for 2 s and a busy stage answers slowly: the picture itself says whether it caught it
        // (the phone's green, which no other picture has; thousands of pixels at this size).
        if (!fleeting)
          expect(counts.whole!.green, `${phase}: no phone green`).toBeLessThan(PHONE_GREEN_PIXELS);
        const caught = fleeting ? counts.whole!.green > PHONE_GREEN_PIXELS : await stillUp();
        if (caught) seen.add(`${layout} ${phase}`);
        else taken = false;
      }
      await freeze?.send('Page.setWebLifecycleState', { state: 'active' });
      await freeze?.detach();
      return taken;
    };

    await capture('pick');
    const plan = { pick: 7 };
    await tap(deck, deckButton(deck, 'Briefcase 7'), false);
    await expect(portrait.getByRole('status').first()).toContainText('Round 1');
    // A case opened on the deck: its moment on both stages. Its toast shows for 4 s, which a loaded machine's
    // pictures of two stages can outlast: then the next case is opened for the stage not yet pictured.
    await serverHas(deck.request, (view) => view.playerCase === 7, 'case 7 picked');
    for (let opened = 1; ; opened++) {
      await endLock(deck);
      await tap(deck, (await lowestOpenable(deck))!, false);
      await serverHas(deck.request, (view) => openedCount(view) === opened, `case ${opened} open`);
      await expect(portrait.getByRole('dialog', { name: GAME_TEXT.caseEliminatedTitle })).toBeVisible();
      if (await capture('opening', { dialog: GAME_TEXT.caseEliminatedTitle, retry: true })) break;
      expect(opened, 'a picture of a case opening on each stage within four').toBeLessThan(4);
    }

    // The banker's call, on each stage at a round's end the deck brings (its last case, tapped): the portrait at
    // one call, the landscape at a later one; the API opens the round's other cases. The offer, at the first call.
    let round = 0;
    for (const layout of ['portrait', 'landscape'] as const) {
      while (!seen.has(`${layout} phone`)) {
        round++;
        expect(round, `a picture of the ${layout} phone by round 8`).toBeLessThanOrEqual(8);
        const last = casesOpenedAfterRound(round);
        await playOn(deck.request, plan, at('elimination', last - 1));
        await deckShowsOpened(deck, last - 1);
        await endLock(deck);
        await tap(deck, (await lowestOpenable(deck))!, false);
        const phone = stages[layout].getByRole('dialog', { name: GAME_TEXT.bankerCalling });
        const calling = await phone.waitFor({ timeout: 6000 }).then(
          () => true,
          () => false,
        );
        if (calling)
          await capture('phone', { dialog: GAME_TEXT.bankerCalling, only: layout, fleeting: true });
        for (const stage of [landscape, portrait])
          await expect(stage.getByRole('dialog', { name: GAME_TEXT.bankerOffer })).toBeVisible(ROOMY);
        if (!seen.has('portrait offer')) {
          await portrait.waitForTimeout(1500); // the amount counts up first
          await capture('offer', { dialog: GAME_TEXT.bankerOffer });
        }
        await endLock(deck);
        await tap(deck, deckButton(deck, GAME_TEXT.noDeal), false);
        await expect(deckButton(deck, GAME_TEXT.noDeal)).toHaveCount(0);
        await serverHas(deck.request, at('elimination', last), `round ${round + 1} begun`);
      }
    }

    // The API plays on to the final decision; the deck keeps the case.
    await playOn(deck.request, plan, (view) => view.phase === 'final-choice');
    await expect(deckButton(deck, /^KEEP CASE #7$/)).toBeVisible(ROOMY);
    await capture('final-decision', { dialog: GAME_TEXT.finalDecisionTitle });
    await endLock(deck);
    await tap(deck, deckButton(deck, /^KEEP CASE #7$/), false);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: 'KEEP!' })).toBeVisible(ROOMY);
    await portrait.waitForTimeout(1500);
    await capture('reveal', { dialog: 'KEEP!' });
    await shot(deck, 'deck-1024x768-over');

    // A second game, taken at the first offer (the API opens round 1): the deal, then every case opened.
    await endLock(deck);
    await tap(deck, deckButton(deck, GAME_TEXT.newGame), false);
    await expect(deckButton(deck, 'Briefcase 1')).toBeEnabled();
    await endLock(deck);
    await tap(deck, deckButton(deck, 'Briefcase 2'), false);
    await serverHas(deck.request, (view) => view.playerCase === 2, 'case 2 picked');
    await playOn(deck.request, { pick: 2 }, (view) => view.phase === 'offer');
    await expect(deckButton(deck, GAME_TEXT.deal)).toBeVisible(ROOMY);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: GAME_TEXT.bankerOffer })).toBeVisible(ROOMY);
    await endLock(deck);
    await tap(deck, deckButton(deck, GAME_TEXT.deal), false);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: GAME_TEXT.dealTitle, exact: true })).toBeVisible(ROOMY);
    await portrait.waitForTimeout(1500);
    await capture('deal', { dialog: GAME_TEXT.dealTitle });
    await endLock(deck);
    await tap(deck, deckButton(deck, GAME_TEXT.continue), false);
    for (const stage of [landscape, portrait])
      await expect(stage.getByRole('dialog', { name: GAME_TEXT.dealTitle, exact: true })).toHaveCount(0);
    await portrait.waitForTimeout(1500);
    await capture('after-deal');
    // Every phase seen on both layouts.
    const phases = ['pick', 'opening', 'phone', 'offer', 'final-decision', 'reveal', 'deal', 'after-deal'];
    expect([...seen].sort()).toEqual(phases.flatMap((p) => [`landscape ${p}`, `portrait ${p}`]).sort());
    for (const stage of [landscape, portrait]) await stage.context().close();
  });

  for (const { size, touch } of [
    { size: { width: 1920, height: 1080 }, touch: false },
    { size: { width: 390, height: 844 }, touch: true },
  ]) {
    // The one whole game on the deck is the 1024x768 one above; at these sizes the deck resumes a game the API has
    // played to its 8th offer, and every kind of button is pressed from there: NO DEAL, a case, SWAP, NEW GAME, a pick.
    test(`the last rounds of a game and a new one, ${touch ? 'tapping' : 'clicking'} the deck at ${size.width}x${size.height}`, async ({
      browser,
      users,
    }) => {
      test.setTimeout(120_000);
      const player = await users.create();
      const context = await browser.newContext({ viewport: size, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      // Signed in without loading the board at /: the page goes to the deck.
      await logIn(page, player);
      await playLiveUntil(
        page.request,
        { pick: 13 },
        (view) => view.phase === 'offer' && openedCount(view) === casesOpenedAfterRound(8),
      );
      const deck = await openDeck(page, size);
      await expect(deckButton(deck, 'Briefcase 13, your case')).toBeVisible();
      let offerShot = false;
      expect(
        await playOnDeck(deck, touch, {
          onOffer: async () => {
            if (!offerShot) await shot(deck, `deck-${size.width}x${size.height}-offer`);
            offerShot = true;
          },
        }),
      ).toBe('final');
      expect(offerShot).toBe(true);
      await shot(deck, `deck-${size.width}x${size.height}-final`);
      await endLock(deck);
      await tap(deck, deckButton(deck, /^SWAP TO CASE #\d+$/), touch);
      // The game is over and saved on the server: the deck offers a new game at once.
      await expect(deckButton(deck, /^SWAP TO CASE #/)).toHaveCount(0);
      const current = await page.request.get('/api/live-games/current');
      expect(current.status()).toBe(404);
      await endLock(deck);
      await tap(deck, deckButton(deck, GAME_TEXT.newGame), touch);
      await expect(deckButton(deck, 'Briefcase 1')).toBeEnabled();
      await shot(deck, `deck-${size.width}x${size.height}-start`);
      // NEW GAME's lock ended first (a quick screenshot is shorter than it): a pick in the lock is ignored.
      await endLock(deck);
      await tap(deck, deckButton(deck, 'Briefcase 13'), touch);
      await expect(deckButton(deck, 'Briefcase 13, your case')).toBeVisible();
      await context.close();
    });
  }
});
