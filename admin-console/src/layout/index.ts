export { AccessDenied } from './AccessDenied';
export { AdminLayout } from './AdminLayout';
export { AdminOnly } from './AdminOnly';
export { NotBuiltYet } from './NotBuiltYet';
