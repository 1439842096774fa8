import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { WorkCalendar } from '@/features/work-calendar/components/work-calendar';
import { WorkCalendarHeader } from '@/features/work-calendar/components/work-calendar-header';
import { i18n } from '@/lib/i18n/i18n';

// The page's words, and the request types' names it shows: the shell shows the page once they are there.
export const ready = i18n.loadNamespaces(['work-calendar', 'requests']);

/** /work-calendar (beta): scheduled requests and plan expiries in India time; the calendar loads with this page only. */
export default function WorkCalendarRoute() {
  const { t } = useTranslation('work-calendar');
  return (
    <Page title={t('title')} namespaces={['work-calendar', 'requests', 'common']}>
      <WorkCalendarHeader />
      <WorkCalendar />
    </Page>
  );
}
