import { StatusPage } from '@/components/errors/status-page';

/** /status/coming-soon. */
export default function ComingSoonRoute() {
  return <StatusPage kind="comingSoon" />;
}
