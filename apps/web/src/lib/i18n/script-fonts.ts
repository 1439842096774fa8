/**
 * The faces a language's script needs, loaded before text in that script is drawn (decision 027). Chromium keeps the
 * font it chose for an element's text while a web font is still loading, and an element whose text is later changed
 * into that script may go on drawing empty boxes even once the face is there; so the console waits for the faces
 * (a few seconds at most) before it first renders Hindi and before it switches to it.
 */
const SCRIPT_FONTS: Partial<Record<string, { family: string; sample: string }>> = {
  hi: { family: '"Noto Sans Devanagari"', sample: 'अ' },
};
const WEIGHTS = [400, 500, 600, 700] as const;
const WAIT_AT_MOST_MS = 3000;

export async function loadScriptFonts(language: string): Promise<void> {
  const script = SCRIPT_FONTS[language];
  if (!script || typeof document === 'undefined' || !document.fonts) return;
  const loads = Promise.all(WEIGHTS.map((weight) => document.fonts.load(`${weight} 16px ${script.family}`, script.sample)));
  // A face that fails or is slow only costs the wait: the text falls back to the system's fonts.
  await Promise.race([loads.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS))]);
}
