import type { Locator, Page } from '@playwright/test';
import { expect, shot, signIn, test, toasts } from './fixtures';

// SPEC.md section 2 "Customize gifts screen", 4 "Custom gift editing", 5 "Custom gifts" and 8 "Gift
// customisation", against the real server, as a player would use it.

const DEFAULT_IDS = Array.from({ length: 26 }, (_, i) => i + 1);

async function openCustomize(page: Page) {
  await page.getByRole('button', { name: 'Customize Gifts' }).click();
  await expect(page).toHaveURL(/\/customize-gifts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customize Gifts' })).toBeVisible();
}

const lower = (page: Page) => page.getByRole('region', { name: 'LOWER VALUES' });
const higher = (page: Page) => page.getByRole('region', { name: 'HIGHER VALUES' });
const catalogue = (page: Page) => page.getByRole('region', { name: 'New TikTok Gifts Available' });
const counter = (page: Page) => page.getByText(/^\d+\/26 gifts selected$/);
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Gift set name' });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** The accessible names of a board's or a list's buttons, in order. */
async function names(scope: Locator): Promise<string[]> {
  return scope
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
}

const coinsOf = (label: string) => Number(/, ([\d,]+) coins?/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);

async function savedSet(page: Page) {
  const res = await page.request.get('/api/gifts/custom');
  expect(res.status()).toBe(200);
  return (await res.json()) as { customGiftSet: { id: number; name: string; giftIds: number[] } | null };
}

test('swap a gift for a pricier one, save, reload and reset', async ({ page, users }) => {
  const player = await users.create();
  await signIn(page, player);
  await openCustomize(page);

  // The default set: 13 + 13, sorted by coins; nothing to save yet.
  await expect(nameField(page)).toHaveValue('My Custom Gifts');
  await expect(counter(page)).toHaveText('26/26 gifts selected');
  await expect(saveButton(page)).toBeDisabled();
  const lowerNames = await names(lower(page));
  const higherNames = await names(higher(page));
  expect(lowerNames).toHaveLength(13);
  expect(higherNames).toHaveLength(13);
  expect(lowerNames[0]).toBe('Rose, 1 coin');
  expect(higherNames.at(-1)).toBe('TikTok Stars, 39,999 coins');
  const values = [...lowerNames, ...higherNames].map(coinsOf);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  // The whole catalogue, the default 26 marked; every picture is a real file (none fell back to the box).
  await expect(catalogue(page).getByRole('button')).toHaveCount(44);
  await expect(catalogue(page).getByRole('button', { name: /, in your set$/ })).toHaveCount(26);
  await expect(catalogue(page).getByRole('button', { name: 'TikTok Universe, 44,999 coins' })).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(26 + 44);
  await expect(page.locator('img[data-fallback]')).toHaveCount(0);
  await shot(page, 'customize-default');

  // The swap list: unused gifts only, highest value first.
  await lower(page).getByRole('button', { name: 'Rose, 1 coin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Swap Rose' });
  await expect(dialog).toBeVisible();
  const options = await names(dialog.getByRole('list'));
  expect(options).toHaveLength(18);
  expect(options[0]).toBe('TikTok Universe, 44,999 coins');
  const optionValues = options.map(coinsOf);
  expect(optionValues).toEqual([...optionValues].sort((a, b) => b - a));
  for (const used of [...lowerNames, ...higherNames]) expect(options).not.toContain(used);
  await shot(page, 'customize-swap-list', { fullPage: false });

  await dialog.getByRole('button', { name: 'TikTok Universe, 44,999 coins' }).click();
  await expect(dialog).toBeHidden();
  const universe = higher(page).getByRole('button', { name: 'TikTok Universe, 44,999 coins' });
  await expect(universe).toBeVisible();
  await expect(universe).toBeFocused();
  await expect(
    page.getByRole('region', { name: /VALUES$/ }).getByRole('button', { name: 'Rose, 1 coin' }),
  ).toHaveCount(0);
  // Galaxy moved down a board: the boards stay sorted by coins.
  await expect(lower(page).getByRole('button', { name: 'Galaxy, 1,000 coins' })).toBeVisible();
  await expect(counter(page)).toHaveText('26/26 gifts selected');
  await expect(
    catalogue(page).getByRole('button', { name: 'TikTok Universe, 44,999 coins, in your set' }),
  ).toBeVisible();
  await expect(catalogue(page).getByRole('button', { name: 'Rose, 1 coin', exact: true })).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();

  // The name is checked on every change.
  await nameField(page).fill('');
  await expect(page.getByText('Gift set name is required')).toBeVisible();
  await nameField(page).fill('Whale Night');
  await expect(page.getByText('Gift set name is required')).toHaveCount(0);
  await shot(page, 'customize-swapped');

  await saveButton(page).click();
  await expect(toasts(page).filter({ hasText: 'Gift Set Saved!' })).toContainText(
    'Your custom gift selection has been saved successfully.',
  );
  await expect(saveButton(page)).toBeDisabled();
  await shot(page, 'customize-saved');
  const saved = (await savedSet(page)).customGiftSet;
  expect(saved?.name).toBe('Whale Night');
  expect(saved?.giftIds).toContain(44);
  expect(saved?.giftIds).not.toContain(1);
  expect(saved?.giftIds).toHaveLength(26);

  // Kept across a reload.
  await page.reload();
  await expect(nameField(page)).toHaveValue('Whale Night');
  await expect(higher(page).getByRole('button', { name: 'TikTok Universe, 44,999 coins' })).toBeVisible();
  await expect(lower(page).getByRole('button', { name: 'Rose, 1 coin' })).toHaveCount(0);
  await expect(counter(page)).toHaveText('26/26 gifts selected');
  await expect(saveButton(page)).toBeDisabled();
  await shot(page, 'customize-reloaded');

  // Reset: the default 26 and the default name, to be saved.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(nameField(page)).toHaveValue('My Custom Gifts');
  await expect(lower(page).getByRole('button', { name: 'Rose, 1 coin' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /VALUES$/ }).getByRole('button', { name: /^TikTok Universe/ }),
  ).toHaveCount(0);
  await expect(counter(page)).toHaveText('26/26 gifts selected');
  await expect(saveButton(page)).toBeEnabled();
  await shot(page, 'customize-reset');
  await saveButton(page).click();
  await expect(toasts(page).filter({ hasText: 'Gift Set Saved!' })).toBeVisible();
  expect((await savedSet(page)).customGiftSet).toMatchObject({
    name: 'My Custom Gifts',
    giftIds: DEFAULT_IDS,
  });

  // Back to the game.
  await page.getByRole('link', { name: 'Back to Game' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Customize Gifts' })).toBeVisible();
});

test('exactly 26 gifts: a removed gift leaves 25, and Save refuses them', async ({ page, users }) => {
  const player = await users.create();
  await signIn(page, player);
  await openCustomize(page);
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/gifts/custom')) posts.push(req.url());
  });

  // By keyboard: Enter opens the swap list, Escape closes it and gives the focus back.
  const rose = lower(page).getByRole('button', { name: 'Rose, 1 coin' });
  await rose.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Swap Rose' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rose).toBeFocused();

  // Remove Rose: 25 gifts, an empty slot, and Save says why it will not save.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Swap Rose' }).getByRole('button', { name: 'Remove Rose' }).click();
  await expect(counter(page)).toHaveText('25/26 gifts selected');
  const emptySlot = page.getByRole('button', { name: 'Empty slot, add a gift' });
  await expect(emptySlot).toHaveCount(1);
  await expect(emptySlot).toBeFocused();
  await expect(catalogue(page).getByRole('button', { name: /, in your set$/ })).toHaveCount(25);
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  const invalid = toasts(page).filter({ hasText: 'Invalid Selection' });
  await expect(invalid).toContainText('You must select exactly 26 gifts.');
  await shot(page, 'customize-25-gifts');
  expect(posts).toEqual([]);
  // The server holds the same rule for anyone who skips the screen.
  const direct = await page.request.post('/api/gifts/custom', {
    data: { name: 'Short', giftIds: DEFAULT_IDS.slice(1) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(direct.status()).toBe(400);
  expect((await direct.json()).error).toBe('You must select exactly 26 gifts.');

  // Fill the empty slot from the list of unused gifts.
  await emptySlot.click();
  const add = page.getByRole('dialog', { name: 'Add a gift' });
  await add.getByRole('button', { name: 'Pegasus, 42,999 coins' }).click();
  await expect(counter(page)).toHaveText('26/26 gifts selected');
  await expect(higher(page).getByRole('button', { name: 'Pegasus, 42,999 coins' })).toBeFocused();

  // With a full set, a gift from the catalogue asks which gift it replaces.
  await catalogue(page).getByRole('button', { name: 'Wolf, 5,500 coins' }).click();
  const replace = page.getByRole('dialog', { name: 'Swap in Wolf' });
  await expect(replace).toBeVisible();
  const replaceable = await names(replace.getByRole('list'));
  expect(replaceable).toHaveLength(26);
  expect(replaceable[0]).toBe('Pegasus, 42,999 coins');
  await shot(page, 'customize-swap-in-from-catalogue', { fullPage: false });
  await replace.getByRole('button', { name: 'Finger Heart, 5 coins' }).click();
  await expect(lower(page).getByRole('button', { name: 'Finger Heart, 5 coins' })).toHaveCount(0);
  await expect(higher(page).getByRole('button', { name: 'Wolf, 5,500 coins' })).toBeVisible();

  await saveButton(page).click();
  await expect(toasts(page).filter({ hasText: 'Gift Set Saved!' })).toBeVisible();
  expect(posts).toHaveLength(1);
  const ids = (await savedSet(page)).customGiftSet?.giftIds ?? [];
  expect([...ids].sort((a, b) => a - b)).toEqual([...DEFAULT_IDS.slice(2), 38, 43].sort((a, b) => a - b));
});

test('a failed save says why', async ({ page, users }) => {
  const player = await users.create();
  await signIn(page, player);
  await openCustomize(page);
  await nameField(page).fill('Unlucky');

  // The server's own words when it gives them...
  await page.route('**/api/gifts/custom', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, json: { error: 'The game database is unavailable right now.' } })
      : route.fallback(),
  );
  await saveButton(page).click();
  await expect(toasts(page).filter({ hasText: 'Save Failed' })).toContainText(
    'The game database is unavailable right now.',
  );
  await shot(page, 'customize-save-failed');
  await expect(saveButton(page)).toBeEnabled();

  // ...and the catalogue's words when it does not.
  await page.unroute('**/api/gifts/custom');
  await page.route('**/api/gifts/custom', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await saveButton(page).click();
  await expect(toasts(page).filter({ hasText: 'Save Failed' })).toContainText(
    'Failed to save your gift selection.',
  );
  expect((await savedSet(page)).customGiftSet).toBeNull();
});

test('a broken gift picture falls back to the box', async ({ page, users }) => {
  const player = await users.create();
  await signIn(page, player);
  await page.route('**/gifts/rose.svg', (route) => route.abort());
  await openCustomize(page);
  const rosePicture = lower(page).getByRole('button', { name: 'Rose, 1 coin' }).locator('img');
  await expect(rosePicture).toHaveAttribute('data-fallback', 'true');
  await expect(rosePicture).toHaveAttribute('src', '/gifts/box.svg');
  await expect
    .poll(() => rosePicture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  // The same in the catalogue; the other pictures are their own.
  await expect(
    catalogue(page)
      .getByRole('button', { name: /^Rose, 1 coin/ })
      .locator('img'),
  ).toHaveAttribute('src', '/gifts/box.svg');
  await expect(page.locator('img[data-fallback]')).toHaveCount(2);
  await expect(
    lower(page).getByRole('button', { name: 'Finger Heart, 5 coins' }).locator('img'),
  ).toHaveAttribute('src', '/gifts/finger-heart.svg');
  await shot(page, 'customize-broken-picture');
});

test("'Authentication Required' when the session is gone", async ({ page, users }) => {
  const player = await users.create();
  await signIn(page, player);
  await openCustomize(page);
  await nameField(page).fill('Lost Set');
  await page.context().clearCookies();

  await saveButton(page).click();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(toasts(page).filter({ hasText: 'Save Failed' })).toContainText('Please log in first');
  await shot(page, 'customize-auth-required');

  await page.getByRole('button', { name: 'Back to Game' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'DEALS OR NO DEALS' })).toBeVisible();
});

test('opening the screen after the session ended shows Authentication Required', async ({ page, users }) => {
  const player = await users.create();
  await signIn(page, player);
  const customize = page.getByRole('button', { name: 'Customize Gifts' });
  await expect(customize).toBeVisible();
  await page.context().clearCookies();
  // The game still believes someone is signed in; the gift set call answers 401.
  await customize.click();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Game' })).toBeVisible();
});

test('a read still on its way when the session ends does not count as the fresh one', async ({
  page,
  users,
}) => {
  const player = await users.create();
  // The board's read of the gift set is answered (as signed in) only after the session has ended and the
  // screen has opened: a slow machine's order of events, made certain.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/api/gifts/custom', async (route) => {
    if (held++ > 0) return route.continue();
    const answer = await route.fetch();
    await released;
    await route.fulfill({ response: answer });
  });
  await signIn(page, player);
  const customize = page.getByRole('button', { name: 'Customize Gifts' });
  await expect(customize).toBeVisible();
  await expect.poll(() => held).toBe(1);
  await page.context().clearCookies();
  await customize.click();
  release();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
});

test('reads well on a phone', async ({ page, users }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await users.create();
  await signIn(page, player);
  await page.goto('/customize-gifts');
  await expect(counter(page)).toHaveText('26/26 gifts selected');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'customize-phone');
  await shot(page, 'customize-phone-top', { fullPage: false });
  await catalogue(page).scrollIntoViewIfNeeded();
  await shot(page, 'customize-phone-catalogue', { fullPage: false });
  await lower(page).getByRole('button', { name: 'Doughnut, 30 coins' }).click();
  await expect(page.getByRole('dialog', { name: 'Swap Doughnut' })).toBeVisible();
  await shot(page, 'customize-phone-swap-list', { fullPage: false });
});
