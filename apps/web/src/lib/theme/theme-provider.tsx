import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { getTheme, readStoredThemeName, storeThemeName, type TThemeName } from './themes';

type TThemeChoice = { themeName: TThemeName; setThemeName: (name: TThemeName) => void };

const ThemeChoiceContext = createContext<TThemeChoice | null>(null);

/** Applies the chosen theme; the choice is stored under `appTheme` and read back on start. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [themeName, setName] = useState<TThemeName>(readStoredThemeName);
  const setThemeName = useCallback((name: TThemeName) => {
    storeThemeName(name);
    setName(name);
  }, []);
  const value = useMemo(() => ({ themeName, setThemeName }), [themeName, setThemeName]);
  return (
    <ThemeChoiceContext.Provider value={value}>
      <ThemeProvider theme={getTheme(themeName)}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeChoiceContext.Provider>
  );
}

export function useThemeChoice(): TThemeChoice {
  const value = useContext(ThemeChoiceContext);
  if (!value) throw new Error('useThemeChoice is used outside AppThemeProvider');
  return value;
}
