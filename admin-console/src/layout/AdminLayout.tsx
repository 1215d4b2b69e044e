import type { ReactNode } from 'react';
import { Layout, Title } from 'react-admin';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';
import { AdminOnly } from './AdminOnly';
import { ToastProvider } from './Toasts';

/** react-admin's layout around every screen, each one guarded: players see Access Denied everywhere. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      {/* min-width 0: a wide table scrolls in its own box instead of widening the page. */}
      <Layout
        appBar={AdminAppBar}
        menu={AdminMenu}
        sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
      >
        <Title title="Deals or No Deals Admin" />
        <AdminOnly>{children}</AdminOnly>
      </Layout>
    </ToastProvider>
  );
}
