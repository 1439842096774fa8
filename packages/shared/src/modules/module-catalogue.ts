/**
 * The one catalogue of Tarang's modules (spec §2) and their actions (spec §6, labels verbatim).
 * It drives the server's permission guards, the router, the sidebar, the keyboard shortcuts,
 * the role editor and the permission list stored on sign-in. Nothing else lists modules.
 */

export type TModuleGroupId = 'requests' | 'report' | 'management' | 'white-listing';

export type TModuleAction = {
  /** Stable key used in authScopes and permission ids. */
  key: string;
  /** Label as the specification writes it. */
  label: string;
};

export type TModule = {
  id: string;
  name: string;
  /** i18n key of the label: `modules.<id>`. */
  label: string;
  path: string;
  group: TModuleGroupId | null;
  /** Whether the module has an entry in the sidebar (some are reached from other pages). */
  inMenu: boolean;
  icon: string;
  new?: boolean;
  beta?: boolean;
  /** Ctrl/Cmd + Shift + key navigates here. */
  shortcut?: string;
  /**
   * Held by the built-in Super Admin role alone: no other role may be given it, whoever edits the role
   * (the outbox, where password-reset codes and invitation links wait; docs/decisions/021-outbox.md).
   */
  builtInOnly?: boolean;
  actions: TModuleAction[];
};

export type TModuleGroup = { id: TModuleGroupId; name: string; label: string; path: string; icon: string };

const a = (key: string, label: string): TModuleAction => ({ key, label });

const peopleActions = [
  a('liveTracking', 'live tracking'),
  a('routePlayback', 'route playback'),
  a('add', 'add'),
  a('edit', 'edit'),
  a('delete', 'delete'),
  a('sendMail', 'Send Mail'),
];

export const MODULE_GROUPS: readonly TModuleGroup[] = [
  { id: 'requests', name: 'Requests', label: 'groups.requests', path: '/requests', icon: 'assignment' },
  { id: 'report', name: 'Report', label: 'groups.report', path: '/report', icon: 'assessment' },
  { id: 'management', name: 'Management', label: 'groups.management', path: '/management', icon: 'manage_accounts' },
  { id: 'white-listing', name: 'White-Listing', label: 'groups.white-listing', path: '/white-listing', icon: 'verified_user' },
];

type TModuleInput = Omit<TModule, 'label' | 'inMenu' | 'actions'> & { inMenu?: boolean; actions?: TModuleAction[] };

const m = (input: TModuleInput): TModule => ({
  ...input,
  label: `modules.${input.id}`,
  inMenu: input.inMenu ?? true,
  actions: input.actions ?? [],
});

export const MODULES: readonly TModule[] = [
  m({ id: 'dashboard', name: 'Dashboard', path: '/dashboard', group: null, icon: 'dashboard', shortcut: 'd' }),
  m({ id: 'dashboardv2', name: 'Dashboard V2', path: '/dashboardv2', group: null, icon: 'insights', new: true, shortcut: '2' }),
  m({
    id: 'sim-inventory',
    name: 'Sim Inventory',
    path: '/sim-inventory',
    group: null,
    icon: 'sim_card',
    shortcut: 's',
    actions: [
      a('bulkUpload', 'Bulk Upload'),
      a('allocate', 'Allocate'),
      a('rollBack', 'Roll Back'),
      a('viewDetails', 'View Details'),
      a('diagnose', 'Diagnose'),
    ],
  }),
  m({
    id: 'sim-details',
    name: 'Sim Details',
    path: '/sim-details',
    group: null,
    inMenu: false,
    icon: 'sim_card',
    actions: [a('fetchDeviceDetails', 'Fetch Device Details'), a('diagnose', 'Diagnose')],
  }),
  m({
    id: 'sim-diagnosis',
    name: 'Sim Diagnosis',
    path: '/sim-diagnosis',
    group: null,
    inMenu: false,
    icon: 'troubleshoot',
    shortcut: 'g',
    actions: [a('refresh', 'Refresh')],
  }),
  m({ id: 'sim-actions', name: 'Sim Actions', path: '/sim-actions', group: null, icon: 'bolt', new: true, shortcut: 'a' }),
  m({
    id: 'work-calendar',
    name: 'Work Calendar',
    path: '/work-calendar',
    group: null,
    icon: 'calendar_month',
    beta: true,
    shortcut: 'k',
    actions: [a('cancelWhitelist', 'cancel-whitelist')],
  }),
  m({
    id: 'request',
    name: 'Request',
    path: '/request',
    group: 'requests',
    icon: 'assignment',
    shortcut: 'q',
    actions: [
      a('cancelRequest', 'Cancel Request'),
      a('viewDetails', 'View Details'),
      a('checkpointModify', 'Checkpoint Modify'),
      a('respondRequest', 'Respond Request'),
      a('closeRequest', 'Close Request'),
      a('automationInsights', 'Request Automation Insights'),
      a('markAsDone', 'Mark As Done'),
      a('reinitiate', 'Reinitiate'),
    ],
  }),
  m({
    id: 'job',
    name: 'Job',
    path: '/job',
    group: 'requests',
    icon: 'work',
    shortcut: 'j',
    actions: [a('viewTasks', 'View Tasks'), a('changeStatus', 'Change Status')],
  }),
  m({
    id: 'activation',
    name: 'Activation',
    path: '/activation',
    group: 'requests',
    icon: 'power',
    shortcut: 'v',
    actions: [a('cancelActivation', 'Cancel Activation'), a('addActivation', 'Add Activation')],
  }),
  m({
    id: 'termination',
    name: 'Termination',
    path: '/termination',
    group: 'requests',
    icon: 'block',
    shortcut: 't',
    actions: [a('addTermination', 'Add Termination')],
  }),
  m({
    id: 'tickets',
    name: 'Tickets',
    path: '/tickets',
    group: 'requests',
    icon: 'support_agent',
    shortcut: 'i',
    actions: [a('addTickets', 'add-tickets')],
  }),
  m({ id: 'replace-sim', name: 'Replace Sim', path: '/replace-sim', group: null, icon: 'swap_horiz', shortcut: 'r' }),
  m({ id: 'audit-trail', name: 'Audit Trail', path: '/audit-trail', group: 'report', icon: 'history', shortcut: 'h' }),
  m({
    id: 'api-log',
    name: 'Api Logs',
    path: '/api-log',
    group: 'report',
    icon: 'receipt_long',
    shortcut: 'l',
    actions: [a('viewDetails', 'View Details'), a('viewDaily', 'View Daily'), a('viewOverview', 'View Overview')],
  }),
  m({ id: 'transactions', name: 'Transactions', path: '/report/transactions', group: 'report', icon: 'payments' }),
  m({ id: 'request-details', name: 'Request Details', path: '/report/request-details', group: 'report', icon: 'summarize' }),
  m({ id: 'mno-job-report', name: 'Mno Job Report', path: '/report/mno-job-report', group: 'report', icon: 'cell_tower' }),
  m({ id: 'atomic-sims', name: 'Atomic Sims', path: '/report/atomic-sims', group: 'report', icon: 'grain' }),
  m({ id: 'expiry-sims', name: 'Expiry Sims', path: '/report/expiry-sims', group: 'report', icon: 'event_busy' }),
  // The /report entry spec §2 does not show: usage per SIM over a range of days (docs/decisions/035-reports.md).
  m({ id: 'usage', name: 'Usage', path: '/report/usage', group: 'report', icon: 'data_usage' }),
  m({
    id: 'plans',
    name: 'Plan',
    path: '/plans',
    group: 'management',
    icon: 'sell',
    shortcut: 'p',
    actions: [
      a('liveTracking', 'See Live Tracking'),
      a('routePlayback', 'See Route Playback'),
      a('add', 'Add'),
      a('edit', 'Edit'),
      a('delete', 'Delete'),
      a('allocate', 'Allocate'),
    ],
  }),
  m({
    id: 'user',
    name: 'User',
    path: '/management/user',
    group: 'management',
    icon: 'person',
    shortcut: 'u',
    actions: [...peopleActions, a('resetTwoFactor', 'Reset Two-Factor')],
  }),
  m({
    id: 'organisation',
    name: 'Organisation',
    path: '/management/organisation',
    group: 'management',
    icon: 'business',
    shortcut: 'o',
    actions: [...peopleActions, a('editSettings', 'Edit Settings')],
  }),
  m({
    id: 'role',
    name: 'Role',
    path: '/management/role',
    group: 'management',
    icon: 'admin_panel_settings',
    shortcut: 'e',
    actions: peopleActions,
  }),
  m({
    id: 'wallet',
    name: 'Wallet Operation',
    path: '/wallet',
    group: 'management',
    icon: 'account_balance_wallet',
    shortcut: 'w',
    actions: [
      a('sendMoney', 'Send Money'),
      a('debitMoney', 'Debit Money'),
      a('viewDetails', 'View Details'),
      a('childWallets', 'Child Wallets'),
      a('adjustWallet', 'Adjust Wallet'),
    ],
  }),
  m({ id: 'all-wallet', name: 'All Wallets', path: '/all-wallet', group: 'management', inMenu: false, icon: 'account_balance' }),
  m({ id: 'outbox', name: 'Outbox', path: '/outbox', group: null, inMenu: false, icon: 'outgoing_mail', builtInOnly: true }),
  m({
    id: 'device',
    name: 'Device',
    path: '/device',
    group: 'management',
    icon: 'router',
    shortcut: 'x',
    actions: [
      a('edit', 'Edit'),
      a('showVehicle', 'Show Vehicle'),
      a('updateFirmware', 'Update Firmware'),
      a('delete', 'Delete'),
      a('addDevice', 'Add Device'),
      // Not in the spec's list: the end user's phone and identity document unmasked (decision 031).
      a('viewKyc', 'View KYC'),
    ],
  }),
  m({
    id: 'device-inventory',
    name: 'Device Inventory',
    path: '/device-inventory',
    group: 'management',
    icon: 'inventory',
    shortcut: 'n',
    actions: [a('addDeviceInventory', 'add-device-inventory')],
  }),
  m({
    id: 'ip-group',
    name: 'Ip Group',
    path: '/white-listing/group',
    group: 'white-listing',
    icon: 'lan',
    actions: [
      a('addGroup', 'Add Group'),
      a('approveRequest', 'Approve Request'),
      a('changeStatus', 'Change Status'),
      a('rejectRequest', 'Reject Request'),
      a('deleteGroup', 'Delete Group'),
    ],
  }),
  m({
    id: 'number-group',
    name: 'Number Group',
    path: '/white-listing/number',
    group: 'white-listing',
    icon: 'contact_phone',
    actions: [a('deleteNumber', 'Delete Number'), a('addNumber', 'Add Number')],
  }),
  m({
    id: 'whitelist-ip',
    name: 'Whitelist Ip',
    path: '/white-listing/ip',
    group: 'white-listing',
    icon: 'dns',
    actions: [a('cancelWhitelist', 'Cancel Whitelist'), a('add', 'Add'), a('edit', 'Edit'), a('delete', 'Delete')],
  }),
  m({
    id: 'whitelist-numbers',
    name: 'Whitelist Numbers',
    path: '/white-listing/numbers',
    group: 'white-listing',
    icon: 'dialpad',
    actions: [a('cancelWhitelist', 'Cancel Whitelist'), a('add', 'Add'), a('edit', 'Edit'), a('delete', 'Delete')],
  }),
];

export type TModuleId = (typeof MODULES)[number]['id'];

const byId = new Map(MODULES.map((mod) => [mod.id, mod]));

export function getModule(id: string): TModule | undefined {
  return byId.get(id);
}

/** Whether only the built-in Super Admin role may hold the module (see `TModule.builtInOnly`). */
export function isBuiltInOnly(moduleId: string): boolean {
  return byId.get(moduleId)?.builtInOnly === true;
}

export function isModuleAction(moduleId: string, action: string): boolean {
  return byId.get(moduleId)?.actions.some((x) => x.key === action) ?? false;
}

/** Sidebar order of spec §2: these top-level entries first, then the groups in MODULE_GROUPS order. */
export const SIDEBAR_ORDER = [
  'dashboard',
  'dashboardv2',
  'sim-inventory',
  'sim-actions',
  'work-calendar',
  'requests',
  'replace-sim',
] as const;
