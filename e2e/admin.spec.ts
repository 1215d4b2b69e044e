import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectToast, screen, openAs, openAsAdmin, playerWith, userRecord, type Player } from './admin';
import { ADMIN, expect, test, type AdminApi, type UserStatus } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;

/** A user's row in one of the dashboard's lists, found by its exact username. */
function row(page: Page, list: 'All Users' | 'Pending Account Approvals', username: string) {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByText(username, { exact: true }) });
}

const COMMON = ['Edit Email', '+7d', '+14d', '+30d', '-1d', '-7d'];
/** SPEC 2's visibility rules, as the buttons a row shows. */
const BUTTONS: Record<UserStatus, string[]> = {
  pending: ['Approve', 'Reject', ...COMMON, 'Disable', 'Delete'],
  approved: [...COMMON, 'Disable', 'Delete'],
  rejected: ['Approve', ...COMMON, 'Disable', 'Delete'],
  disabled: ['Approve', 'Reject', ...COMMON, 'Delete'],
};
const STATUSES = Object.keys(BUTTONS) as UserStatus[];

test.describe('admin console: who may open it', () => {
  test('a signed-out visitor goes to the login screen', async ({ page }) => {
    for (const path of ['/admin', '/admin/stats', '/admin/backups']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('a player sees Access Denied on all three screens, and Back to Game goes to the game', async ({
    page,
    users,
  }) => {
    const player = await users.create();
    await openAs(page, player, '/admin');
    for (const path of ['/admin', '/admin/stats', '/admin/backups']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible();
      await expect(page.getByText('Pending Account Approvals')).toHaveCount(0);
      await expect(page.getByText('Game Statistics')).toHaveCount(0);
      await expect(page.getByText('Unsaved Games')).toHaveCount(0);
      // No way on: the console's menu is for admins.
      await expect(page.getByRole('menuitem', { name: 'Statistics' })).toHaveCount(0);
      await screen(page, `admin-access-denied${path.replace(/\//g, '-')}`);
    }
    await page.getByRole('link', { name: 'Back to Game' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
  });
});

test.describe('admin dashboard', () => {
  test('welcome, counts, links, both lists and each row’s fields', async ({ page, request, admin }) => {
    const pending = await playerWith(request, admin, 'pending');
    const approved = await playerWith(request, admin, 'approved');
    await admin.request.patch(`/api/admin/users/${approved.id}/extend`, { data: { days: 30 } });
    await admin.request.patch(`/api/admin/users/${approved.id}/email`, { data: { email: null } });
    await openAsAdmin(page);

    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.username}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const total = async (query: string) => {
      const res = await admin.request.get(`/api/admin/users${query}`, { params: { range: '[0,0]' } });
      return Number(res.headers()['content-range']?.split('/')[1]);
    };
    await expect(page.getByRole('group', { name: 'Total Users' })).toContainText(String(await total('')));
    await expect(page.getByRole('group', { name: 'Pending' })).toContainText(String(await total('/pending')));
    const approvedCount = await admin.request.get('/api/admin/users', {
      params: { range: '[0,0]', filter: JSON.stringify({ status: 'approved' }) },
    });
    await expect(page.getByRole('group', { name: 'Approved' })).toContainText(
      approvedCount.headers()['content-range']!.split('/')[1]!,
    );
    await expect(page.getByRole('menuitem', { name: 'Statistics' })).toHaveAttribute('href', '/admin/stats');
    await expect(page.getByRole('menuitem', { name: 'Backups' })).toHaveAttribute('href', '/admin/backups');
    await expect(page.getByRole('menuitem', { name: 'Tuning studio' })).toHaveAttribute('href', '/studio');
    await expect(page.getByRole('link', { name: 'Game Stats' })).toHaveAttribute('href', '/admin/stats');
    await expect(page.getByRole('link', { name: 'Game Backups' })).toHaveAttribute('href', '/admin/backups');

    // The pending player: in both lists; registered date and email; no last login nor checkbox while pending.
    const inPending = row(page, 'Pending Account Approvals', pending.username);
    await expect(inPending).toContainText(`Email: ${pending.email}`);
    await expect(inPending).toContainText('Registered:');
    await expect(inPending).not.toContainText('Last login');
    await expect(inPending.getByRole('checkbox', { name: 'Monthly Subscriber' })).toHaveCount(0);
    await expect(inPending).toContainText('pending');
    await expect(inPending).toContainText('No Expiry');
    const inAll = row(page, 'All Users', pending.username);
    await expect(inAll).toContainText('Last login: Never');
    await expect(inAll.getByRole('checkbox', { name: 'Monthly Subscriber' })).not.toBeChecked();

    // The approved player: not pending; no email; an expiry date and its badge.
    await expect(row(page, 'Pending Account Approvals', approved.username)).toHaveCount(0);
    const approvedRow = row(page, 'All Users', approved.username);
    await expect(approvedRow).toContainText('approved');
    await expect(approvedRow).not.toContainText('Email:');
    await expect(approvedRow).toContainText('Expires:');
    await expect(approvedRow).toContainText('30 days left');

    // The admin's own row: the Admin badge, a last login, no actions and no checkbox.
    const adminRow = row(page, 'All Users', ADMIN.username);
    await expect(adminRow).toContainText('Admin');
    await expect(adminRow).not.toContainText('Last login: Never');
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    await expect(adminRow.getByRole('checkbox')).toHaveCount(0);
    await screen(page, 'admin-dashboard');

    await page.getByRole('link', { name: 'Game Stats' }).click();
    await expect(page).toHaveURL(/\/admin\/stats$/);
    await page.getByRole('link', { name: /Back to Admin/ }).click();
    await page.getByRole('link', { name: 'Game Backups' }).click();
    await expect(page).toHaveURL(/\/admin\/backups$/);
  });

  test('each status shows exactly the actions SPEC 2 allows; admin rows none', async ({
    page,
    request,
    admin,
  }) => {
    const players = new Map<UserStatus, Player>();
    for (const status of STATUSES) players.set(status, await playerWith(request, admin, status));
    await openAsAdmin(page);
    for (const status of STATUSES) {
      const buttons = row(page, 'All Users', players.get(status)!.username).getByRole('button');
      await expect(buttons, status).toHaveText(BUTTONS[status]);
    }
    // In the pending list the same rules hold.
    await expect(
      row(page, 'Pending Account Approvals', players.get('pending')!.username).getByRole('button'),
    ).toHaveText(BUTTONS.pending);
    await expect(row(page, 'All Users', ADMIN.username).getByRole('button')).toHaveCount(0);
  });

  for (const status of STATUSES) {
    test(`every action on a ${status} user, each checked through the API`, async ({
      page,
      request,
      admin,
    }) => {
      test.setTimeout(90_000);
      const player = await playerWith(request, admin, status);
      // One more player in this status for each action that changes or ends the account.
      const changing = BUTTONS[status].filter((name) =>
        ['Approve', 'Reject', 'Disable', 'Delete'].includes(name),
      );
      const others = new Map<string, Player>();
      for (const action of changing) others.set(action, await playerWith(request, admin, status));
      await openAsAdmin(page);
      await expect(row(page, 'All Users', player.username)).toBeVisible();
      await editsEmail(page, admin, player);
      await changesExpiry(page, admin, player);
      await togglesSubscriber(page, admin, player);
      expect((await userRecord(admin, player.id))?.status).toBe(status);

      for (const [action, other] of others) {
        const target = row(page, 'All Users', other.username);
        if (action === 'Delete') {
          await deletes(page, admin, other);
          continue;
        }
        await target.getByRole('button', { name: action, exact: true }).click();
        const outcome = { Approve: 'approved', Reject: 'rejected', Disable: 'disabled' }[action]!;
        const message = {
          Approve: 'User approved successfully.',
          Reject: 'User rejected successfully.',
          Disable: 'User account disabled successfully.',
        }[action]!;
        await expectToast(page, 'Success!', message);
        await expect.poll(async () => (await userRecord(admin, other.id))?.status).toBe(outcome);
        // The row follows: its badge and its buttons are the new status's.
        await expect(target.getByRole('button')).toHaveText(BUTTONS[outcome as UserStatus]);
      }
      await screen(page, `admin-actions-${status}`);
    });
  }

  test('a failed action shows the server’s words under Error', async ({ page, request, admin }) => {
    const player = await playerWith(request, admin, 'pending');
    await openAsAdmin(page);
    await expect(row(page, 'All Users', player.username)).toBeVisible();
    // The account goes while the admin is looking: the server answers 404 with its own text.
    const gone = await admin.request.delete(`/api/admin/users/${player.id}`);
    expect(gone.status()).toBe(200);
    await row(page, 'All Users', player.username).getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Error', 'User not found');
    await screen(page, 'admin-action-failed');
  });

  test('more than 100 users page through the server', async ({ page, request, admin }) => {
    test.setTimeout(120_000);
    const totalNow = async () => {
      const res = await admin.request.get('/api/admin/users', { params: { range: '[0,0]' } });
      return Number(res.headers()['content-range']?.split('/')[1]);
    };
    while ((await totalNow()) < 102) await playerWith(request, admin, 'approved', 'many');
    const total = await totalNow();
    await openAsAdmin(page);
    const all = page.getByRole('region', { name: 'All Users' });
    await expect(all.getByRole('listitem')).toHaveCount(100);
    await expect(all.getByText(`1–100 of ${total}`)).toBeVisible();
    await all.getByRole('button', { name: 'Go to next page' }).click();
    await expect(all.getByText(`101–${Math.min(200, total)} of ${total}`)).toBeVisible();
    await expect(all.getByRole('listitem')).toHaveCount(Math.min(100, total - 100));
    // The oldest account, the admin made at start, is on the last page.
    if (total <= 200) await expect(row(page, 'All Users', ADMIN.username)).toBeVisible();
    await screen(page, 'admin-dashboard-page-2');
  });

  test('the dashboard loads under 300 KB of gzip JavaScript, without the other screens; they load when opened', async ({
    page,
  }) => {
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.set(
        new URL(res.url()).pathname,
        res.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    });
    await openAsAdmin(page);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.username}` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const urls = [...scripts.keys()];
    expect(urls.every((url) => url.startsWith('/admin/assets/'))).toBe(true);
    expect(urls.some((url) => /\/(stats|backups|EditEmailDialog)-/.test(url))).toBe(false);
    const gzip = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
    console.log(`admin dashboard: ${Math.round(gzip / 102.4) / 10} KB gzip in ${urls.length} scripts`);
    expect(gzip).toBeLessThan(300 * 1024);

    await page.getByRole('link', { name: 'Game Stats' }).click();
    await expect(page.getByRole('heading', { name: 'Game Statistics' })).toBeVisible();
    expect([...scripts.keys()].some((url) => /\/stats-/.test(url))).toBe(true);
  });
});

async function editsEmail(page: Page, admin: AdminApi, player: Player) {
  const target = row(page, 'All Users', player.username);
  await target.getByRole('button', { name: 'Edit Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Email' });
  const field = dialog.getByRole('textbox', { name: 'Email' });
  await expect(field).toHaveValue(player.email);
  await field.fill('not-an-email');
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await userRecord(admin, player.id))?.email).toBe(player.email);

  const address = `new.${player.username}@example.test`;
  await target.getByRole('button', { name: 'Edit Email' }).click();
  await field.fill(address);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success!', 'User email updated successfully.');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await userRecord(admin, player.id))?.email).toBe(address);
  await expect(target).toContainText(`Email: ${address}`);

  // Empty removes the address (sent as null).
  await target.getByRole('button', { name: 'Edit Email' }).click();
  await field.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await userRecord(admin, player.id))?.email ?? null).toBeNull();
  await expect(target).not.toContainText('Email:');
}

async function changesExpiry(page: Page, admin: AdminApi, player: Player) {
  const target = row(page, 'All Users', player.username);
  const expiry = async () => {
    const date = (await userRecord(admin, player.id))?.expiryDate;
    return date ? Date.parse(date) : null;
  };
  expect(await expiry()).toBeNull();
  const before = Date.now();
  await target.getByRole('button', { name: '+7d' }).click();
  await expectToast(page, 'Success!', 'User expiry extended by 7 days.');
  await expect.poll(expiry).not.toBeNull();
  let last = (await expiry())!;
  // From today when there was no date.
  expect(last).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
  expect(last).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
  await expect(target).toContainText('Expires Soon');
  for (const [button, days, message] of [
    ['+14d', 14, 'User expiry extended by 14 days.'],
    ['+30d', 30, 'User expiry extended by 30 days.'],
    ['-1d', -1, 'User expiry reduced by 1 day(s).'],
    ['-7d', -7, 'User expiry reduced by 7 day(s).'],
  ] as const) {
    await target.getByRole('button', { name: button, exact: true }).click();
    await expectToast(page, 'Success!', message);
    await expect.poll(expiry).toBe(last + days * DAY);
    last += days * DAY;
  }
  // 7 + 14 + 30 - 1 - 7 = 43 days from when the first was given.
  await expect(target).toContainText(/4[34] days left/);
}

async function togglesSubscriber(page: Page, admin: AdminApi, player: Player) {
  const box = row(page, 'All Users', player.username).getByRole('checkbox', { name: 'Monthly Subscriber' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expectToast(page, 'Success!', 'Subscriber status updated successfully.');
  await expect.poll(async () => (await userRecord(admin, player.id))?.isMonthlySubscriber).toBe(true);
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect.poll(async () => (await userRecord(admin, player.id))?.isMonthlySubscriber).toBe(false);
  await expect(box).not.toBeChecked();
}

async function deletes(page: Page, admin: AdminApi, player: Player) {
  const target = row(page, 'All Users', player.username);
  await target.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
  await expect(dialog).toContainText(
    `This action will permanently delete the user account for ${player.username}. This cannot be undone. Are you absolutely sure?`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await userRecord(admin, player.id)).not.toBeNull();

  await target.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
  await expectToast(page, 'Success!', 'User account deleted permanently.');
  await expect.poll(() => userRecord(admin, player.id)).toBeNull();
  await expect(target).toHaveCount(0);
}
