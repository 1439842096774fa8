import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readStoredLanguage } from './lib/i18n/i18n';
import { loadScriptFonts } from './lib/i18n/script-fonts';
// Hindi renders the same on every machine, whatever fonts it has: the Devanagari face ships with the console. Its
// faces are limited by unicode-range, so a browser fetches one only for Devanagari text (decision 027).
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/500.css';
import '@fontsource/noto-sans-devanagari/600.css';
import '@fontsource/noto-sans-devanagari/700.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Hindi is drawn only once its faces are there (lib/i18n/script-fonts.ts); other languages render at once.
void loadScriptFonts(readStoredLanguage()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
