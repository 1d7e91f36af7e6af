// The database schema, a file per area. Migrations in drizzle/ are generated from these files (`npm run db:generate`).
export * from './staff';
export * from './licensing';
export * from './audit';
export * from './settings';
export * from './outbound';
