/** The key of a Ctrl/Cmd + Shift + key press, as written in the catalogue ('d', '2'), whatever Shift did to `key`. */
export function shortcutKeyOf(event: Pick<KeyboardEvent, 'code' | 'key'>): string | null {
  const letter = /^Key([A-Z])$/.exec(event.code ?? '');
  if (letter) return letter[1]!.toLowerCase();
  const digit = /^Digit(\d)$/.exec(event.code ?? '');
  if (digit) return digit[1]!;
  return event.key && event.key.length === 1 ? event.key.toLowerCase() : null;
}

/** Ctrl (or Cmd) + Shift, without Alt: the chord of every console shortcut (spec §2). */
export function isShortcutChord(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey;
}

/** Global search: Ctrl+Shift+F (key code 70, spec §9). */
export const SEARCH_SHORTCUT_KEY = 'f';
export const SEARCH_SHORTCUT_KEY_CODE = 70;
