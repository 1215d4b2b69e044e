import { expect, shot, test } from './fixtures';

// SPEC.md section 9: a tooltip waits 700 ms before it opens (the provider also sets the 300 ms skip delay).
// Both moments are taken inside the page (the pointer entering the button, the tooltip appearing), so the
// test's own round trips to the browser do not count.
test('a tooltip opens after 700 ms, not before', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.evaluate(() => {
    const w = window as unknown as { hoveredAt?: number; shownAt?: number };
    const button = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent === 'Mobile (BETA)',
    );
    button?.addEventListener('pointerenter', () => (w.hoveredAt ??= performance.now()));
    new MutationObserver(() => {
      if (document.querySelector('[role="tooltip"]')) w.shownAt ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Mobile (BETA)' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Turns the whole page for a phone held sideways');
  const { hoveredAt, shownAt } = await page.evaluate(() => {
    const w = window as unknown as { hoveredAt?: number; shownAt?: number };
    return { hoveredAt: w.hoveredAt, shownAt: w.shownAt };
  });
  expect(hoveredAt).toBeDefined();
  expect(shownAt! - hoveredAt!).toBeGreaterThanOrEqual(690);
  expect(shownAt! - hoveredAt!).toBeLessThan(1500);
  await shot(page, 'tooltip-mobile');
});
