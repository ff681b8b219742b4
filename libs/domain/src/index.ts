/**
 * @equipment-dashboard/domain: the Equipment Dashboard's business rules, one module per concept.
 * Pure TypeScript: no I/O, no clock (rules that need "now" take it as a parameter).
 */
export * from './constants/constants';
export * from './permissions/permissions';
export * from './serial/serial';
export * from './version/version';
export * from './update-state/update-state';
export * from './gates/gates';
export * from './passwords/passwords';
export * from './tickets/tickets';
export * from './messages/messages';
export * from './specs/specs';
export * from './charts/charts';
export * from './geo/geo';
export * from './users/users';
export * from './notifications/notifications';
export * from './ezadas/ezadas';
export * from './unit-rules/unit-rules';
export * from './rollouts/rollouts';
export * from './csv/csv';
export * from './saved-views/saved-views';
export * from './bulk-actions/bulk-actions';
export * from './alerts/alerts';
export * from './alerts/alert-groups';
export * from './fleet-map/fleet-map';
export * from './geo/iso-numeric';
export * from './identity/identity';
export * from './fleet-history/fleet-history';
export * from './simulator/simulator';
