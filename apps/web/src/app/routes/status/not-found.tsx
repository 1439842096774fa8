import { StatusPage } from '@/components/errors/status-page';

/** /status/404, /status and every unknown path. */
export default function NotFoundRoute() {
  return <StatusPage kind="notFound" />;
}
