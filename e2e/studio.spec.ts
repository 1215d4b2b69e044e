import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_TUNING_DOCUMENT } from '@dond/shared';
import { ADMIN, expect, shot, signIn, test } from './fixtures';
import { pauseClockNow } from './game';

/**
 * Issue 19: the tuning studio. An admin changes an animation on the sandbox board and times it, exports and
 * imports the tuning, and publishes it to every player. Each test leaves the defaults published.
 */
test.describe('the tuning studio', () => {
  test.describe.configure({ timeout: 120_000 });

  test.afterEach(async ({ admin }) => {
    const res = await admin.request.put('/api/admin/tuning', { data: DEFAULT_TUNING_DOCUMENT });
    expect(res.status(), await res.text()).toBe(200);
  });

  async function openStudio(page: Page) {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signIn(page, ADMIN);
    await page.goto('/studio');
    await expect(page.getByRole('heading', { name: 'Tuning studio' })).toBeVisible();
    await expect(page.locator('.studio-sandbox .pixi-board[data-ready="true"] canvas')).toBeVisible();
    await expect(page.locator('.studio-pane .tp-rotv')).toBeVisible();
  }

  /**
   * Opens or closes a folder of the panel (Tweakpane folders are buttons with their title). Its button toggles,
   * so it is pressed only when the folder is not already as asked ('Playback' starts open); again if the panel
   * was rebuilt meanwhile (a reset or an import builds it anew, folders closed).
   */
  async function folder(page: Page, title: string, open = true) {
    const button = page.locator('.studio-pane .tp-fldv_b', { hasText: new RegExp(`^${title}$`) });
    const view = button.locator('xpath=..');
    const expanded = /\btp-fldv-expanded\b/;
    await expect(async () => {
      if (expanded.test((await view.getAttribute('class')) ?? '') !== open) await button.click();
      if (open) await expect(view).toHaveClass(expanded, { timeout: 1000 });
      else await expect(view).not.toHaveClass(expanded, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }

  /** Plays an animation and answers how long the sandbox board drew frames for it (the studio's timer). */
  async function timePlay(page: Page, play: Locator): Promise<number> {
    const timer = page.getByLabel('Last play');
    await play.click();
    await expect(timer).toHaveText(/^Last play: \d+ ms$/, { timeout: 15_000 });
    return Number(await timer.getAttribute('data-ms'));
  }

  async function setField(page: Page, path: string, value: string) {
    const input = page.getByLabel(path, { exact: true }).first();
    await input.fill(value);
    await input.press('Enter');
  }

  test('a duration changed in the panel changes how long the animation runs on the sandbox board', async ({
    page,
  }) => {
    // Timed on the page's clock: the sandbox's frames come every 16 ms of page time however slowly a loaded
    // machine draws them, so the studio's timer reads the animation's own length (on real time three plays of one
    // setting spread over 300 ms, and 0.75 s more of motion once measured 395 ms more).
    await page.clock.install();
    await openStudio(page);
    await shot(page, 'studio-desktop');
    await folder(page, 'Case toast');
    const play = page.getByRole('button', { name: 'Play case toast' });
    await pauseClockNow(page);
    const timer = page.getByLabel('Last play');
    const timeOnClock = async (ms: number) => {
      await play.click();
      await expect(timer).toHaveText('Play an animation to time it');
      // The play, then the timer's quiet moment after its last frame.
      await page.clock.runFor(ms);
      await expect(timer).toHaveText(/^Last play: \d+ ms$/);
      return Number(await timer.getAttribute('data-ms'));
    };
    const before = await timeOnClock(4000);
    await setField(page, 'caseToast.enter.duration', '1');
    const after = await timeOnClock(4000);
    console.log(`case toast at 0.25 s: ${before} ms; at 1 s: ${after} ms of page time`);
    // 0.75 s more of motion, to a frame or two.
    expect(after - before).toBeGreaterThanOrEqual(750 - 40);
    expect(after - before).toBeLessThanOrEqual(750 + 40);
    await shot(page, 'studio-case-toast');

    // The time scale slows everything down (GSAP's global timeline): half speed.
    await folder(page, 'Playback');
    await setField(page, 'time scale', '0.5');
    const slow = await timeOnClock(8000);
    console.log(`case toast at 1 s, time scale 0.5: ${slow} ms of page time`);
    // Its second of motion takes two (the timer's own start, a frame or so, does not slow down).
    expect(slow - after).toBeGreaterThanOrEqual(1000 - 60);
    expect(slow - after).toBeLessThanOrEqual(1000 + 60);
  });

  test('every animation plays on the sandbox board, and a rule timing cannot be broken', async ({ page }) => {
    await openStudio(page);
    const folders = [
      ['Case open', 'Play case open'],
      ['Phone call', 'Play phone call'],
      ['Offer dialog', 'Play offer dialog'],
      ['Deal reveal', 'Play deal reveal'],
      ['Final decision', 'Play final decision'],
      ['Final reveal', 'Play final reveal'],
      ['Show moments', 'Play show moments'],
      ['View-mode change', 'Play view-mode change'],
    ] as const;
    for (const [title, button] of folders) {
      await folder(page, title);
      const ms = await timePlay(page, page.getByRole('button', { name: button }));
      console.log(`${title}: ${ms} ms`);
      expect(ms, title).toBeGreaterThan(100);
      await shot(page, `studio-${title.toLowerCase().replace(/\W+/g, '-')}`);
      await folder(page, title, false);
    }
    // The phone shows through its 2 s and then the offer: a call's Play is the call.
    await expect(page.getByRole('alert')).toHaveCount(0);
    // A case must be open within the 800 ms lock: a 0.7 s lid with a 0.35 s gift is refused, named, and
    // nothing is published meanwhile.
    await folder(page, 'Case open');
    await setField(page, 'caseOpen.lid.duration', '0.7');
    const problems = page.getByRole('alert', { name: 'Tuning problems' });
    await expect(problems).toContainText(
      'standard.caseOpen.gift.duration: the lid and the gift take 1050 ms: a case must be open within the 800 ms interaction lock (SPEC.md section 9)',
    );
    await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await setField(page, 'caseOpen.lid.duration', '0.3');
    await expect(problems).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  test('export, import and reset: an export read back is the same tuning, a bad file names the field', async ({
    page,
  }, testInfo) => {
    await openStudio(page);
    await folder(page, 'Offer dialog');
    await setField(page, 'offerDialog.count.duration', '1.6');
    // A custom curve: the ease list's cubic-bézier entry and its editor.
    await page.getByLabel('offerDialog.meter.ease', { exact: true }).selectOption('cubic-bezier…');
    // A new curve starts as CSS's ease (0.25, 0.1, 0.25, 1); its handles' fields move them.
    await setField(page, 'offerDialog.meter.ease curve x1', '0.1');
    await setField(page, 'offerDialog.meter.ease curve y1', '0.7');
    const exporting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await exporting;
    expect(download.suggestedFilename()).toBe('tuning.json');
    const exported = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
    expect(exported.standard.offerDialog.count.duration).toBe(1.6);
    expect(exported.standard.offerDialog.meter.ease).toBe('cubic-bezier(0.1, 0.7, 0.25, 1)');
    expect(exported.reduced).toEqual(DEFAULT_TUNING_DOCUMENT.reduced);

    await page.getByRole('button', { name: 'Reset' }).click();
    await folder(page, 'Offer dialog');
    await expect(page.getByLabel('offerDialog.count.duration', { exact: true }).first()).toHaveValue('0.90');

    const file = testInfo.outputPath('tuning.json');
    await fs.writeFile(file, JSON.stringify(exported));
    await page.getByLabel('Import a tuning file').setInputFiles(file);
    await expect(page.getByRole('status', { name: 'Studio status' })).toHaveText('Imported tuning.json');
    await folder(page, 'Offer dialog');
    await expect(page.getByLabel('offerDialog.count.duration', { exact: true }).first()).toHaveValue('1.60');
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const reexported = JSON.parse(await fs.readFile((await (await again).path())!, 'utf8'));
    expect(reexported).toEqual(exported);

    const bad = structuredClone(exported);
    bad.standard.caseOpen.lid.duration = -1;
    bad.reduced.phoneCall.ring.color = 'green';
    await fs.writeFile(file, JSON.stringify(bad));
    await page.getByLabel('Import a tuning file').setInputFiles(file);
    const problems = page.getByRole('alert', { name: 'Tuning problems' });
    await expect(problems).toContainText(
      'tuning.json: standard.caseOpen.lid.duration: must be at least 0 (seconds)',
    );
    await expect(problems).toContainText(
      'tuning.json: reduced.phoneCall.ring.color: must be a colour as #rrggbb',
    );
    await expect(page.getByRole('status', { name: 'Studio status' })).toHaveText(
      'Import refused: tuning.json is not a valid tuning',
    );
    await shot(page, 'studio-import-refused');
  });

  test("a published tuning reaches a fresh player's board, and rolls back", async ({
    page,
    browser,
    users,
  }) => {
    await openStudio(page);
    await folder(page, 'Case toast');
    await setField(page, 'caseToast.enter.duration', '0.8');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status', { name: 'Studio status' })).toHaveText(
      /^Published as change #(\d+) for every player and stage$/,
    );
    const id = Number(
      /#(\d+)/.exec((await page.getByRole('status', { name: 'Studio status' }).textContent())!)![1],
    );

    // A player who never saw the studio: their board loads change #id with the page.
    const player = await users.create();
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await signIn(fresh, player);
    await expect(fresh.locator('.pixi-board[data-ready="true"]')).toHaveAttribute('data-tuning', String(id));
    const tuning = await fresh.evaluate(async () => (await fetch('/api/tuning')).json());
    expect(tuning.tuning.standard.caseToast.enter.duration).toBe(0.8);
    expect(tuning.publishedBy).toBe(ADMIN.username);

    // Roll back to what was published before (the defaults, put back by the previous test).
    const history = page.getByLabel('History');
    const options = await history.locator('option').allTextContents();
    expect(options[0]).toContain(`#${id} `);
    await history.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByRole('status', { name: 'Studio status' })).toHaveText(
      /^Rolled back to change #\d+, published as change #\d+$/,
    );
    await fresh.reload();
    const back = await fresh.evaluate(async () => (await fetch('/api/tuning')).json());
    expect(back.tuning.standard.caseToast.enter.duration).toBe(0.25);
    await expect(fresh.locator('.pixi-board[data-ready="true"]')).toHaveAttribute(
      'data-tuning',
      String(back.id),
    );
    await context.close();
  });

  test('the reduced-motion variant: edited in the studio, played where the system asks for it', async ({
    page,
    browser,
  }) => {
    await openStudio(page);
    await expect(page.locator('.studio-sandbox .pixi-board')).toHaveAttribute('data-motion', 'standard');
    await page.getByLabel('Editing').selectOption('reduced');
    await expect(page.locator('.studio-sandbox .pixi-board')).toHaveAttribute('data-motion', 'reduced');
    await folder(page, 'Show moments');
    await expect(page.getByLabel('showMoments.celebration.pieces', { exact: true }).first()).toHaveValue('0');
    await folder(page, 'Case toast');
    await setField(page, 'caseToast.enter.duration', '0.6');
    const exporting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const exported = JSON.parse(await fs.readFile((await (await exporting).path())!, 'utf8'));
    expect(exported.reduced.caseToast.enter.duration).toBe(0.6);
    expect(exported.standard.caseToast.enter.duration).toBe(0.25);
    await shot(page, 'studio-reduced');

    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const context = await browser.newContext({ reducedMotion });
      const guest = await context.newPage();
      await guest.goto('/auth');
      await guest.getByRole('button', { name: 'Play as guest' }).click();
      await expect(guest.locator('.pixi-board[data-ready="true"]')).toHaveAttribute(
        'data-motion',
        reducedMotion === 'reduce' ? 'reduced' : 'standard',
      );
      await context.close();
    }
  });

  test('a player who is not an admin is told the studio is for admins', async ({ page, users }) => {
    await signIn(page, await users.create());
    await page.goto('/studio');
    await expect(page.getByText('The tuning studio is for admins.')).toBeVisible();
    const put = await page.request.put('/api/admin/tuning', { data: DEFAULT_TUNING_DOCUMENT });
    expect(put.status()).toBe(403);
  });
});
