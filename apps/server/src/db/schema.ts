/** Every table, for Drizzle's query builder and drizzle-kit. */

export * from '../modules/activations/activations.table';
export * from '../modules/audit/audit.table';
export * from '../modules/auth/auth.table';
export * from '../modules/dashboard/dashboard.table';
export * from '../modules/devices/device-tacs.table';
export * from '../modules/devices/devices.table';
export * from '../modules/devices/firmware.table';
export * from '../modules/operators/operators.table';
export * from '../modules/organizations/organizations.table';
export * from '../modules/outbox/outbox.table';
export * from '../modules/plans/plans.table';
export * from '../modules/queue/queue.table';
export * from '../modules/reports/report-schedules.table';
export * from '../modules/requests/requests.table';
export * from '../modules/roles/roles.table';
export * from '../modules/sim-diagnosis/diagnosis.table';
export * from '../modules/sim-replacement/replacement.table';
export * from '../modules/sims/sims.table';
export * from '../modules/tickets/tickets.table';
export * from '../modules/two-factor/two-factor.table';
export * from '../modules/usage/usage.table';
export * from '../modules/users/users.table';
export * from '../modules/wallets/wallets.table';
export * from '../modules/whitelists/whitelists.table';
