import type { ReactNode } from 'react';
import { Loading, usePermissions } from 'react-admin';
import type { AdminPermissions } from '../authProvider';
import { AccessDenied } from './AccessDenied';

/** Shows its children to admins only; a signed-in player gets Access Denied. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<AdminPermissions>();
  if (isPending) return <Loading loadingPrimary="Loading..." loadingSecondary="" />;
  if (!permissions?.isAdmin) return <AccessDenied />;
  return <>{children}</>;
}
