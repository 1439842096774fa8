import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import DialpadOutlined from '@mui/icons-material/DialpadOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import GrainOutlined from '@mui/icons-material/GrainOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import LanOutlined from '@mui/icons-material/LanOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PowerOutlined from '@mui/icons-material/PowerOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import SimCardOutlined from '@mui/icons-material/SimCardOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TroubleshootOutlined from '@mui/icons-material/TroubleshootOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** Material icon names used by the module catalogue, drawn with MUI's outlined icons. */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  account_balance: AccountBalanceOutlined,
  account_balance_wallet: AccountBalanceWalletOutlined,
  admin_panel_settings: AdminPanelSettingsOutlined,
  assessment: AssessmentOutlined,
  assignment: AssignmentOutlined,
  block: BlockOutlined,
  bolt: BoltOutlined,
  business: BusinessOutlined,
  calendar_month: CalendarMonthOutlined,
  cell_tower: CellTowerOutlined,
  contact_phone: ContactPhoneOutlined,
  dashboard: DashboardOutlined,
  dialpad: DialpadOutlined,
  dns: DnsOutlined,
  data_usage: DataUsageOutlined,
  event_busy: EventBusyOutlined,
  grain: GrainOutlined,
  history: HistoryOutlined,
  insights: InsightsOutlined,
  inventory: InventoryOutlined,
  lan: LanOutlined,
  manage_accounts: ManageAccountsOutlined,
  payments: PaymentsOutlined,
  person: PersonOutlined,
  power: PowerOutlined,
  receipt_long: ReceiptLongOutlined,
  router: RouterOutlined,
  sell: SellOutlined,
  sim_card: SimCardOutlined,
  summarize: SummarizeOutlined,
  support_agent: SupportAgentOutlined,
  swap_horiz: SwapHorizOutlined,
  troubleshoot: TroubleshootOutlined,
  verified_user: VerifiedUserOutlined,
  work: WorkOutlined,
};

export function ModuleIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? WidgetsOutlined;
  return <Icon aria-hidden="true" {...props} />;
}
