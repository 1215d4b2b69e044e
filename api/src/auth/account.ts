import type { User } from '../modules/users/users.repo.js';

/** Why an account may not be signed in right now, in words for the player; null when it may. */
export function accountProblem(
  user: Pick<User, 'status' | 'isAdmin' | 'expiryDate'>,
  now: number,
): string | null {
  switch (user.status) {
    case 'pending':
      return 'Your account is pending admin approval. Please wait for approval before logging in.';
    case 'rejected':
      return 'Your registration was not approved. Please contact an admin.';
    case 'disabled':
      return 'Your account has been disabled. Please contact an admin.';
    case 'approved':
      break;
  }
  if (!user.isAdmin && user.expiryDate !== null && user.expiryDate <= now) {
    return 'Your account has expired. Please contact an admin to extend it.';
  }
  return null;
}
