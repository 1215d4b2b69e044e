import { expect, shot, test } from './fixtures';

// SPEC.md section 9: a tooltip waits 700 ms before it opens (the provider also sets the 300 ms skip delay).
test('a tooltip opens after 700 ms, not before', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  // The pointer starts away from the buttons, so the 700 ms count from the hover below and nothing else.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mobile (BETA)' }).hover();
  const started = Date.now();
  await page.waitForTimeout(450);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(page.getByRole('tooltip')).toHaveText('Turns the whole page for a phone held sideways');
  expect(Date.now() - started).toBeGreaterThanOrEqual(650);
  await shot(page, 'tooltip-mobile');
});
