import type { Page } from '@playwright/test';
import { GAME_TEXT } from '@dond/shared';
import { expect, shot, signIn, test } from './fixtures';
import { openStage } from './stage';

/**
 * Issue 20: the audience plays along. The streamer sets the audience's part on the control deck, its simulator
 * speaks for the chat, and the stage shows the vote and the gifts; a window's result is played as the streamer's
 * action.
 */
test.describe('the audience plays along', () => {
  test.describe.configure({ timeout: 180_000 });

  async function deckWithAudience(page: Page, mode: 'off' | 'vote' | 'call', windowSeconds: number) {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/control');
    await page.getByLabel('The audience').selectOption(mode);
    await page.getByLabel('Window (seconds)').fill(String(windowSeconds));
    await page.getByRole('button', { name: 'Save audience' }).click();
    await expect(page.getByRole('status', { name: 'Audience settings' })).toContainText(`${windowSeconds} s`);
  }

  /** Picks a case and opens the first round's cases through the API, as the board or the deck would. */
  async function playToFirstOffer(page: Page) {
    for (;;) {
      const res = await page.request.get('/api/live-games/current');
      expect(res.status()).toBe(200);
      const game = await res.json();
      if (game.phase === 'offer') return;
      const free = game.cases.filter(
        (c: { opened: boolean; number: number }) => !c.opened && c.number !== game.playerCase,
      );
      const type = game.phase === 'selection' ? 'pick' : 'open';
      const act = await page.request.post(`/api/live-games/${game.id}/actions`, {
        data: { seq: game.seq, type, case: free[0].number },
      });
      expect(act.status(), await act.text()).toBe(200);
    }
  }

  async function say(deck: Page, viewer: string, comment: string) {
    await deck.getByLabel('Viewer', { exact: true }).fill(viewer);
    await deck.getByLabel('Chat', { exact: true }).fill(comment);
    await deck.getByRole('button', { name: 'Send chat' }).click();
    await expect(deck.getByRole('status', { name: 'Simulator' })).toHaveText('Sent a chat line');
  }

  test('the chat votes DEAL: the stage shows the bar and the countdown, and the vote is played', async ({
    page,
    browser,
    users,
  }) => {
    await signIn(page, await users.create());
    await deckWithAudience(page, 'vote', 15);
    const { urls } = await (await page.request.get('/api/stage')).json();
    const stage = await openStage(browser, urls.landscape, { width: 1920, height: 1080 });
    await expect(stage.locator('.stage-canvas')).toHaveAttribute('data-stage-status', 'live');

    // The streamer plays the first round (through the API, as the deck does); the offer opens the chat's window.
    const deck = page;
    await playToFirstOffer(page);
    const vote = stage.getByRole('region', { name: 'Audience vote' });
    await expect(vote).toBeVisible({ timeout: 10_000 });
    await expect(vote).toContainText('CHAT VOTES');

    await say(deck, 'ann', 'deal');
    await say(deck, 'bo', '!deal');
    await say(deck, 'cy', 'no deal');
    // A viewer's last vote counts: dee says no deal, then deal.
    await say(deck, 'dee', 'no deal');
    await say(deck, 'dee', 'deal');
    await expect(stage.getByRole('img', { name: 'DEAL 3, NO DEAL 1' })).toBeVisible();
    const left = Number((await stage.getByLabel('Seconds left').textContent())!.replace('s', ''));
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(15);
    await shot(stage, 'audience-stage-vote');
    await shot(deck, 'audience-deck-vote');

    // The window ends: the majority's DEAL is played, as the streamer's DEAL would be.
    await expect(vote).toBeHidden({ timeout: 20_000 });
    await expect(deck.getByRole('button', { name: GAME_TEXT.continue })).toBeVisible({ timeout: 10_000 });
    const game = await (await page.request.get('/api/live-games/current')).status();
    expect(game).toBe(404);
    await stage.context().close();
  });

  test('a gift appears on the stage with the viewer and the gift; a blocked name shows as viewer', async ({
    page,
    browser,
    users,
  }) => {
    await signIn(page, await users.create());
    await deckWithAudience(page, 'off', 30);
    const put = await page.request.put('/api/audience/blocklist', { data: { words: ['rude'] } });
    expect(put.status()).toBe(200);
    const { urls } = await (await page.request.get('/api/stage')).json();
    const stage = await openStage(browser, urls.landscape, { width: 1920, height: 1080 });
    await expect(stage.locator('.stage-canvas')).toHaveAttribute('data-stage-status', 'live');

    await page.getByLabel('Viewer', { exact: true }).fill('Ann 🌹');
    await page.getByLabel('Gift', { exact: true }).selectOption({ label: 'Rose' });
    await page.getByLabel('Streak', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Send gift' }).click();
    const gifts = stage.getByRole('list', { name: 'Gifts' });
    await expect(gifts.getByRole('listitem')).toHaveText(['Ann 🌹 sent Rose x5']);
    await page.getByLabel('Viewer', { exact: true }).fill('RudeBoy');
    await page.getByRole('button', { name: 'Send gift' }).click();
    await expect(gifts.getByRole('listitem').last()).toHaveText('viewer sent Rose x5');
    await shot(stage, 'audience-stage-gifts');
    await stage.context().close();
  });

  test('a whole game whose cases the chat calls, the stage showing each call', async ({
    page,
    browser,
    users,
  }) => {
    test.setTimeout(400_000);
    await signIn(page, await users.create());
    await deckWithAudience(page, 'call', 3);
    const { urls } = await (await page.request.get('/api/stage')).json();
    const stage = await openStage(browser, urls.landscape, { width: 1920, height: 1080 });
    await expect(stage.locator('.stage-canvas')).toHaveAttribute('data-stage-status', 'live');
    const current = async () => (await page.request.get('/api/live-games/current')).json();
    let game = await current();
    // The streamer picks their case; from then on the chat calls every case.
    let act = await page.request.post(`/api/live-games/${game.id}/actions`, {
      data: { seq: game.seq, type: 'pick', case: 26 },
    });
    expect(act.status()).toBe(200);
    let viewers = 0;
    let calls = 0;
    let shotTaken = false;
    for (;;) {
      game = await current();
      if (game.phase === 'offer') {
        act = await page.request.post(`/api/live-games/${game.id}/actions`, {
          data: { seq: game.seq, type: 'noDeal' },
        });
        expect(act.status()).toBe(200);
        continue;
      }
      if (game.phase === 'final-choice') break;
      expect(game.phase).toBe('elimination');
      expect(game.audience).toMatchObject({ mode: 'call', open: true });
      // Two viewers call the lowest unopened case, one calls another: the most called opens.
      const free = game.cases.filter(
        (c: { opened: boolean; number: number }) => !c.opened && c.number !== 26,
      );
      const wanted = free[0].number;
      const other = free[free.length - 1].number;
      const comments = [`${wanted}`, `!open ${wanted}`, wanted === other ? `${wanted}` : `${other}`];
      for (const comment of comments) {
        viewers++;
        const res = await page.request.post('/api/audience/simulate', {
          data: {
            type: 'chat',
            msgId: `call-${viewers}`,
            viewerId: `viewer-${viewers}`,
            uniqueId: `viewer${viewers}`,
            nickname: `Viewer ${viewers}`,
            comment,
          },
        });
        expect(res.status()).toBe(202);
      }
      if (!shotTaken) {
        await expect(stage.getByRole('listitem', { name: `Case #${wanted}: 2 calls` })).toBeVisible();
        await shot(stage, 'audience-stage-call');
        shotTaken = true;
      }
      // The window ends: the most-called case is opened as the streamer's action.
      await expect
        .poll(
          async () => (await current()).cases.find((c: { number: number }) => c.number === wanted).opened,
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      calls++;
    }
    expect(calls).toBe(24);
    act = await page.request.post(`/api/live-games/${game.id}/actions`, {
      data: { seq: game.seq, type: 'keep' },
    });
    expect(act.status()).toBe(200);
    expect((await act.json()).result).not.toBeNull();
    await stage.context().close();
  });
});
