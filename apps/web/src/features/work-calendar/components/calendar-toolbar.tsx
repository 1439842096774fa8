import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { legendSwatch } from './calendar-frame';

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay'] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];

const LEGEND = ['whitelistCancel', 'request', 'expiry'] as const;

type TCalendarToolbarProps = {
  view: TCalendarView;
  /** The visible range, in the reader's language ("December 2026"). */
  title: string;
  onView: (view: TCalendarView) => void;
  onToday: () => void;
  onPrevious: () => void;
  onNext: () => void;
};

/** Above the calendar: previous / today / next, the range shown, Month / Week / Day, and what the colours mean. */
export function CalendarToolbar({ view, title, onView, onToday, onPrevious, onNext }: TCalendarToolbarProps) {
  const { t } = useTranslation('work-calendar');
  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton onClick={onPrevious} aria-label={t(`nav.previous.${view}`)}>
            <ChevronLeft />
          </IconButton>
          <Button variant="outlined" size="small" onClick={onToday}>
            {t('nav.today')}
          </Button>
          <IconButton onClick={onNext} aria-label={t(`nav.next.${view}`)}>
            <ChevronRight />
          </IconButton>
        </Box>
        <Typography variant="h5" component="h2" aria-live="polite" sx={{ flex: 1, minWidth: 160 }} data-testid="calendar-title">
          {title}
        </Typography>
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          aria-label={t('views.label')}
          onChange={(_, next: TCalendarView | null) => {
            if (next) onView(next);
          }}
        >
          {CALENDAR_VIEWS.map((v) => (
            <ToggleButton key={v} value={v} sx={{ px: 2 }}>
              {t(`views.${v}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box
        component="ul"
        aria-label={t('legend.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
      >
        {LEGEND.map((kind) => (
          <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box aria-hidden sx={legendSwatch(kind)} />
            <Typography variant="body2" color="text.secondary">
              {t(`legend.${kind}`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
