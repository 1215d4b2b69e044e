import { expect, shot, test, toasts } from './fixtures';

// SPEC.md section 9 "Notifications": one toast at a time, bottom centre, F8 focuses the region.

test('only one toast shows at a time: a new one replaces the last', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('textbox', { name: 'Username' }).fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Login failed');

  // The registration of a taken name (the admin's) fails: its toast takes the place of the first.
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill('E2E_ADMIN');
  await page.getByLabel('Password', { exact: true }).fill('any-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('admin-again@example.test');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page).filter({ hasText: 'Registration failed' })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await expect(page.getByText('Login failed')).toHaveCount(0);

  // Bottom centre of the window.
  const box = await toasts(page).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  }
  await shot(page, 'toast-one-at-a-time');
});

test('F8 focuses the notifications region, and Escape there closes the toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('textbox', { name: 'Username' }).fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toasts(page)).toContainText('Login failed');

  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(region).toBeAttached();
  await page.keyboard.press('F8');
  await expect(region.getByRole('list')).toBeFocused();
  await shot(page, 'toast-f8-focus');
  // From the region, Tab reaches the toast itself.
  await page.keyboard.press('Tab');
  await expect(toasts(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toasts(page)).toHaveCount(0);
});
