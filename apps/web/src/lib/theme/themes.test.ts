import { decomposeColor, getContrastRatio, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { getTheme, MIN_TEXT_CONTRAST, THEME_NAMES } from './themes';

/** A colour with transparency as it shows over an opaque one (WCAG measures what is on screen). */
function over(color: string, background: string): string {
  const fg = decomposeColor(color);
  const bg = decomposeColor(background);
  const a = fg.values[3] ?? 1;
  if (a >= 1) return color;
  const mix = [0, 1, 2].map((i) => Math.round(Number(fg.values[i]) * a + Number(bg.values[i]) * (1 - a)));
  return `rgb(${mix.join(', ')})`;
}

const contrast = (text: string, background: string) => getContrastRatio(over(text, background), background);

/** Every colour a status chip, button or alert takes from the theme. */
const COLORS = ['primary', 'secondary', 'success', 'warning', 'info', 'error'] as const;

const surfaces = (theme: Theme) => [theme.palette.background.paper, theme.palette.background.default];

describe.each(THEME_NAMES)('theme %s: text colours pass WCAG AA (4.5:1)', (name) => {
  const theme = getTheme(name);

  it.each(COLORS)('%s as text (an outlined chip) on the paper and the page background', (color) => {
    for (const surface of surfaces(theme)) {
      expect(contrast(theme.palette[color].main, surface), `${color} ${theme.palette[color].main} on ${surface}`).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });

  it.each(COLORS)('%s filled (a filled chip or button) under its own text colour', (color) => {
    const { main, contrastText } = theme.palette[color];
    expect(contrast(contrastText, main), `${contrastText} on ${main}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('the text colours on the paper and the page background', () => {
    for (const surface of surfaces(theme)) {
      expect(contrast(theme.palette.text.primary, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrast(theme.palette.text.secondary, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});
