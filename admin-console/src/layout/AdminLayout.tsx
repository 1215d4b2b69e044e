import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminOnly } from './AdminOnly';

/** react-admin's layout around every screen, each one guarded: players see Access Denied everywhere. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout>
      <AdminOnly>{children}</AdminOnly>
    </Layout>
  );
}
