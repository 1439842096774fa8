import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The suite runs beside the server tests on two cores: a first render that loads translations can take more
// than Testing Library's default second. Waits still fail, only later.
configure({ asyncUtilTimeout: 5_000 });

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
