import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cursorRowCount, useCursorPages } from './use-cursor-pages';

describe('useCursorPages', () => {
  it('keeps a stack of cursors, goes back to a page seen, and starts again when the list changes', () => {
    const { result, rerender } = renderHook(({ key }) => useCursorPages(key), { initialProps: { key: 'a' } });
    expect(result.current).toMatchObject({ cursor: null, pageIndex: 0 });
    act(() => result.current.goTo(1, 'c1'));
    act(() => result.current.goTo(2, 'c2'));
    expect(result.current).toMatchObject({ cursor: 'c2', pageIndex: 2 });
    // No next cursor: no next page.
    act(() => result.current.goTo(3, null));
    expect(result.current.pageIndex).toBe(2);
    act(() => result.current.goTo(1, undefined));
    expect(result.current).toMatchObject({ cursor: 'c1', pageIndex: 1 });
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ cursor: null, pageIndex: 0 });
  });

  it('tells the grid the count once the last page is reached', () => {
    expect(cursorRowCount(0, 25, 25, true)).toBe(-1);
    expect(cursorRowCount(2, 25, 7, false)).toBe(57);
  });
});
