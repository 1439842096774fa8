import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** FullCalendar in the console's theme (light and dark): its CSS variables and a few of its rules, from the palette. */
const calendarStyles = (theme: Theme) => {
  const { palette } = theme;
  const filled = (color: { main: string; contrastText: string }) => ({
    backgroundColor: color.main,
    borderColor: color.main,
    color: color.contrastText,
    '& .fc-event-main, & .fc-event-time, & .fc-event-title': { color: color.contrastText },
  });
  return {
    '--fc-border-color': palette.divider,
    '--fc-page-bg-color': palette.background.paper,
    '--fc-neutral-bg-color': palette.action.hover,
    '--fc-neutral-text-color': palette.text.secondary,
    '--fc-today-bg-color': alpha(palette.primary.main, palette.mode === 'dark' ? 0.16 : 0.07),
    '--fc-now-indicator-color': palette.error.main,
    '--fc-highlight-color': alpha(palette.primary.main, 0.18),
    '--fc-event-bg-color': palette.primary.main,
    '--fc-event-border-color': palette.primary.main,
    '--fc-event-text-color': palette.primary.contrastText,
    '--fc-small-font-size': '0.8125rem',
    color: palette.text.primary,
    fontFamily: theme.typography.fontFamily,
    fontSize: '0.875rem',
    '& .fc a': { color: 'inherit', textDecoration: 'none' },
    '& .fc .fc-col-header-cell-cushion': { py: 0.75, fontWeight: 600, color: palette.text.secondary },
    '& .fc .fc-daygrid-day-number': { px: 0.75, py: 0.5 },
    // FullCalendar fades the other months' day numbers to 30% (under 4.5:1): the secondary text colour instead.
    '& .fc .fc-daygrid-day.fc-day-other .fc-daygrid-day-top': { opacity: 1, color: palette.text.secondary },
    '& .fc .fc-timegrid-slot-label, & .fc .fc-timegrid-axis': { color: palette.text.secondary },
    '& .fc .fc-scrollgrid': { borderRadius: `${theme.radii.sm}px`, overflow: 'hidden' },
    '& .fc .fc-event': { borderRadius: `${theme.radii.sm / 2}px`, px: 0.5, cursor: 'pointer', fontWeight: 500 },
    '& .fc .fc-event:focus-visible': { outline: `2px solid ${palette.text.primary}`, outlineOffset: 1 },
    '& .fc .fc-event.wc-movable': { cursor: 'grab' },
    '& .fc .fc-event.wc-request': filled(palette.primary),
    '& .fc .fc-event.wc-whitelistCancel': filled(palette.warning),
    '& .fc .fc-event.wc-expiry': {
      backgroundColor: alpha(palette.info.main, 0.12),
      borderColor: palette.info.main,
      borderStyle: 'dashed',
      '& .fc-event-main, & .fc-event-title': { color: palette.info.main },
    },
  };
};

/** A swatch of the legend, drawn like the events of its kind. */
export const legendSwatch = (kind: 'whitelistCancel' | 'request' | 'expiry') => (theme: Theme) => {
  const { palette } = theme;
  const base = { width: 14, height: 14, borderRadius: '3px', border: '1px solid', flex: 'none' };
  if (kind === 'expiry') return { ...base, bgcolor: alpha(palette.info.main, 0.12), borderColor: palette.info.main, borderStyle: 'dashed' };
  const color = kind === 'request' ? palette.primary.main : palette.warning.main;
  return { ...base, bgcolor: color, borderColor: color };
};

export function CalendarFrame({ children }: { children: ReactNode }) {
  return <Box sx={calendarStyles}>{children}</Box>;
}
