import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Under jsdom, TextEncoder makes byte arrays of another realm than the page's Uint8Array, which jose
// (password sealing) checks with instanceof: copy them into the page's realm, as a browser would have them.
const BaseTextEncoder = globalThis.TextEncoder;
globalThis.TextEncoder = class extends BaseTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
} as typeof TextEncoder;

// jsdom has no media queries: answer "no match" (a wide screen without reduced motion preferences).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
