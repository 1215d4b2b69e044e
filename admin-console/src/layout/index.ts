export { AccessDenied } from './AccessDenied';
export { AdminLayout } from './AdminLayout';
export { AdminOnly } from './AdminOnly';
export { ToastProvider, useToast, type Toast } from './Toasts';
export { Section } from './Section';
