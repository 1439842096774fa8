import { StatusPage } from '@/components/errors/status-page';

/** /status/500. */
export default function ServerErrorRoute() {
  return <StatusPage kind="serverError" />;
}
