// The side menu's icon for each item.
import type { MenuItemId } from '@flowsight/domain/web-access';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BathtubOutlined from '@mui/icons-material/BathtubOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DownloadingOutlined from '@mui/icons-material/DownloadingOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SettingsSuggestOutlined from '@mui/icons-material/SettingsSuggestOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';

export const menuIcons: Record<MenuItemId, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  companies: BusinessOutlined,
  properties: HomeWorkOutlined,
  buildings: ApartmentOutlined,
  alerts: NotificationsActiveOutlined,
  gateways: RouterOutlined,
  appliances: BathtubOutlined,
  submissions: InventoryOutlined,
  'submissions-unassigned': LinkOffOutlined,
  'submissions-keep-alive': MonitorHeartOutlined,
  'submissions-parsed-old': HistoryOutlined,
  micrometers: SensorsOutlined,
  'micrometers-assigned': AssignmentTurnedInOutlined,
  'micrometers-unassigned': LinkOffOutlined,
  'micrometers-excluded': BlockOutlined,
  'micrometers-assignment': AccountTreeOutlined,
  'micrometers-config': TuneOutlined,
  'micrometers-defaults': SettingsSuggestOutlined,
  'micrometers-testing': ScienceOutlined,
  'micrometers-downlink': DownloadingOutlined,
  'flume-accounts': LinkOutlined,
  users: PeopleOutlined,
  events: EventNoteOutlined,
  reports: AssessmentOutlined,
  statistics: BarChartOutlined,
  overview: InsightsOutlined,
  integrations: KeyOutlined,
};
