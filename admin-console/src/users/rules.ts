import {
  EXTEND_DAYS_OPTIONS,
  expiryBadge as expiryBadgeAt,
  REDUCE_DAYS_OPTIONS,
  type AdminUser,
  type ExpiryBadge,
} from '@dond/shared';

/** The two user lists of the dashboard. */
export type UserList = 'pending' | 'all';

export type UserAction = 'approve' | 'reject' | 'editEmail' | 'extend' | 'reduce' | 'disable' | 'delete';

/** The extend and reduce choices (SPEC 9). */
export const EXTEND_DAYS = EXTEND_DAYS_OPTIONS;
export const REDUCE_DAYS = REDUCE_DAYS_OPTIONS;

/**
 * The actions a row offers (SPEC 2): none on an admin's row; Approve unless approved; Reject unless rejected or
 * approved; Disable unless disabled; the rest always.
 */
export function rowActions(user: Pick<AdminUser, 'status' | 'isAdmin'>): UserAction[] {
  if (user.isAdmin) return [];
  const actions: UserAction[] = [];
  if (user.status !== 'approved') actions.push('approve');
  if (user.status !== 'rejected' && user.status !== 'approved') actions.push('reject');
  actions.push('editEmail', 'extend', 'reduce');
  if (user.status !== 'disabled') actions.push('disable');
  actions.push('delete');
  return actions;
}

/** The Monthly Subscriber checkbox: All Users only, and never on an admin's row. */
export function showsSubscriberToggle(user: Pick<AdminUser, 'isAdmin'>, list: UserList): boolean {
  return list === 'all' && !user.isAdmin;
}

/** The expiry badge (shared's rule): 'No Expiry', 'Expired', 'Expires Soon' (7 days or fewer) or 'N days left'. */
export function expiryBadge(expiryDate: string | null | undefined, now: number): ExpiryBadge {
  return expiryBadgeAt(expiryDate, new Date(now));
}

export type BadgeColor = 'default' | 'success' | 'warning' | 'error' | 'secondary';

/** The expiry badge's colour: red once expired, amber when soon. */
export function expiryBadgeColor(badge: ExpiryBadge): BadgeColor {
  if (badge === 'Expired') return 'error';
  if (badge === 'Expires Soon') return 'warning';
  return 'default';
}

/** The status badge: the status itself, or 'Admin' on an admin's row. */
export function statusBadge(user: Pick<AdminUser, 'status' | 'isAdmin'>): string {
  return user.isAdmin ? 'Admin' : user.status;
}

/** The status badge's colour: an admin stands apart; approved green, pending amber, rejected red, disabled grey. */
export function statusBadgeColor(user: Pick<AdminUser, 'status' | 'isAdmin'>): BadgeColor {
  if (user.isAdmin) return 'secondary';
  return ({ approved: 'success', pending: 'warning', rejected: 'error', disabled: 'default' } as const)[
    user.status
  ];
}

/** SPEC 8's texts for the user actions. */
export const USER_MESSAGES = {
  successTitle: 'Success!',
  errorTitle: 'Error',
  approved: 'User approved successfully.',
  rejected: 'User rejected successfully.',
  emailUpdated: 'User email updated successfully.',
  extended: (days: number) => `User expiry extended by ${days} days.`,
  reduced: (days: number) => `User expiry reduced by ${days} day(s).`,
  disabled: 'User account disabled successfully.',
  deleted: 'User account deleted permanently.',
  subscriber: 'Subscriber status updated successfully.',
  failedStatus: 'Failed to update user status',
  failedEmail: 'Failed to update email',
  failedExtend: 'Failed to extend expiry',
  failedReduce: 'Failed to reduce expiry',
  failedDisable: 'Failed to disable account',
  failedDelete: 'Failed to delete account',
  failedSubscriber: 'Failed to update subscriber status',
  deleteTitle: 'Delete User Account',
  deleteText: (username: string) =>
    `This action will permanently delete the user account for ${username}. This cannot be undone. Are you absolutely sure?`,
  deleteConfirm: 'Delete Permanently',
} as const;
