import { alpha, createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/**
 * The console's themes (spec §9). Layout constants are the same in every theme: spacing unit 9,
 * radii 8/12/20/36, breakpoints xs 0 sm 600 md 960 lg 1280 xl 1840, sidebar 290px, header 80px,
 * font Inter with system fallbacks. Themes differ in colours only.
 */
export const THEME_NAMES = ['PureLightTheme', 'GreyGooseTheme', 'PurpleFlowTheme', 'TarangTheme', 'TarangThemeDark'] as const;
export type TThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: TThemeName = 'TarangTheme';
export const THEME_STORAGE_KEY = 'appTheme';

export const LAYOUT = { sidebarWidth: 290, headerHeight: 80 } as const;
export const RADII = { sm: 8, md: 12, lg: 20, xl: 36 } as const;

export const FONT_FAMILY = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  // Devanagari for Hindi, as each system names it, then the face the console ships (decision 027).
  '"Nirmala UI"',
  '"Kohinoor Devanagari"',
  'Mangal',
  '"Noto Sans Devanagari"',
  'sans-serif',
].join(', ');

type TSidebarColors = {
  background: string;
  text: string;
  muted: string;
  activeBackground: string;
  activeText: string;
  hoverBackground: string;
  divider: string;
};

declare module '@mui/material/styles' {
  interface Theme {
    layout: typeof LAYOUT;
    radii: typeof RADII;
    sidebar: TSidebarColors;
    header: { background: string; text: string };
  }
  interface ThemeOptions {
    layout?: typeof LAYOUT;
    radii?: typeof RADII;
    sidebar?: TSidebarColors;
    header?: { background: string; text: string };
  }
}

type TPalette = {
  mode: 'light' | 'dark';
  primary: string;
  secondary: string;
  background: string;
  paper: string;
  text: string;
  textSecondary: string;
  sidebar: TSidebarColors;
  header: { background: string; text: string };
};

const PALETTES: Record<TThemeName, TPalette> = {
  PureLightTheme: {
    mode: 'light',
    primary: '#3F51D9',
    secondary: '#5A6275',
    background: '#F2F5F9',
    paper: '#FFFFFF',
    text: '#223354',
    textSecondary: '#5B6478',
    sidebar: {
      background: '#FFFFFF',
      text: '#223354',
      muted: '#5B6478',
      activeBackground: alpha('#3F51D9', 0.12),
      activeText: '#2C3AB0',
      hoverBackground: alpha('#3F51D9', 0.06),
      divider: '#E3E8F0',
    },
    header: { background: '#FFFFFF', text: '#223354' },
  },
  GreyGooseTheme: {
    mode: 'light',
    primary: '#2442AF',
    secondary: '#596079',
    background: '#EEF0F4',
    paper: '#FFFFFF',
    text: '#1F2533',
    textSecondary: '#555D70',
    sidebar: {
      background: '#E2E5EC',
      text: '#1F2533',
      muted: '#4D5467',
      activeBackground: '#FFFFFF',
      activeText: '#1B3389',
      hoverBackground: alpha('#2442AF', 0.08),
      divider: '#CDD2DC',
    },
    header: { background: '#FFFFFF', text: '#1F2533' },
  },
  PurpleFlowTheme: {
    mode: 'light',
    primary: '#7A3DC8',
    secondary: '#5F5A75',
    background: '#F5F2FA',
    paper: '#FFFFFF',
    text: '#271E3A',
    textSecondary: '#5E5670',
    sidebar: {
      background: '#3A1F66',
      text: '#F3ECFF',
      muted: '#CDBDEB',
      activeBackground: alpha('#FFFFFF', 0.16),
      activeText: '#FFFFFF',
      hoverBackground: alpha('#FFFFFF', 0.08),
      divider: alpha('#FFFFFF', 0.14),
    },
    header: { background: '#FFFFFF', text: '#271E3A' },
  },
  TarangTheme: {
    mode: 'light',
    primary: '#1B3FD6',
    secondary: '#00756C',
    background: '#F3F6FB',
    paper: '#FFFFFF',
    text: '#111A3A',
    textSecondary: '#4F5872',
    sidebar: {
      background: '#0B1437',
      text: '#E7ECFA',
      muted: '#AAB4D4',
      activeBackground: alpha('#5B7BFF', 0.24),
      activeText: '#FFFFFF',
      hoverBackground: alpha('#FFFFFF', 0.07),
      divider: alpha('#FFFFFF', 0.12),
    },
    header: { background: '#FFFFFF', text: '#111A3A' },
  },
  TarangThemeDark: {
    mode: 'dark',
    primary: '#8EA6FF',
    secondary: '#4FD1C5',
    background: '#070C27',
    paper: '#111836',
    text: '#E7ECFA',
    textSecondary: '#AAB4D4',
    sidebar: {
      background: '#0B1233',
      text: '#E7ECFA',
      muted: '#AAB4D4',
      activeBackground: alpha('#8EA6FF', 0.2),
      activeText: '#FFFFFF',
      hoverBackground: alpha('#FFFFFF', 0.06),
      divider: alpha('#FFFFFF', 0.1),
    },
    header: { background: '#0B1233', text: '#E7ECFA' },
  },
};

/**
 * WCAG AA (4.5:1) is the bar for all text: the automatic text colour on a filled colour (a chip, a button) is white
 * only where white reaches it, and dark otherwise.
 */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The status colours (chips of SIMs, requests, jobs and users; alerts; progress), one set per mode. Each reads at
 * 4.5:1 or better as text on the paper and the background of every theme of its mode (an outlined chip), and under
 * its own text colour (a filled chip). Darker than the library's defaults in light mode (its warning orange and info
 * blue reach only about 3:1 on white), lighter in dark mode (its error red is under 4.5:1 on the dark paper).
 */
export const STATUS_COLORS = {
  light: { success: '#17692F', warning: '#9A4700', info: '#01659B', error: '#B3261E' },
  dark: { success: '#6CD58A', warning: '#FFB547', info: '#7CCBFF', error: '#FF8F86' },
} as const;

function options(p: TPalette): ThemeOptions {
  const status = STATUS_COLORS[p.mode];
  return {
    palette: {
      mode: p.mode,
      contrastThreshold: MIN_TEXT_CONTRAST,
      primary: { main: p.primary },
      secondary: { main: p.secondary },
      success: { main: status.success },
      warning: { main: status.warning },
      info: { main: status.info },
      error: { main: status.error },
      background: { default: p.background, paper: p.paper },
      text: { primary: p.text, secondary: p.textSecondary },
    },
    spacing: 9,
    shape: { borderRadius: RADII.md },
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1840 } },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.5rem', fontWeight: 700 },
      h4: { fontSize: '1.25rem', fontWeight: 700 },
      h5: { fontSize: '1.1rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    layout: LAYOUT,
    radii: RADII,
    sidebar: p.sidebar,
    header: p.header,
    components: {
      MuiCssBaseline: { styleOverrides: { body: { backgroundColor: p.background } } },
      MuiButton: { styleOverrides: { root: { borderRadius: RADII.sm } } },
      MuiCard: { styleOverrides: { root: { borderRadius: RADII.lg } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: RADII.lg } } },
      MuiChip: { styleOverrides: { root: { borderRadius: RADII.sm } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  };
}

const cache = new Map<TThemeName, Theme>();

export function getTheme(name: TThemeName): Theme {
  let theme = cache.get(name);
  if (!theme) {
    theme = createTheme(options(PALETTES[name]));
    cache.set(name, theme);
  }
  return theme;
}

export function isThemeName(value: unknown): value is TThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

export function readStoredThemeName(): TThemeName {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeName(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeThemeName(name: TThemeName): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, name);
  } catch {
    /* the choice lasts for this visit only */
  }
}
