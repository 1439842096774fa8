import { StatusPage } from '@/components/errors/status-page';

/** /status/maintenance. */
export default function MaintenanceRoute() {
  return <StatusPage kind="maintenance" />;
}
