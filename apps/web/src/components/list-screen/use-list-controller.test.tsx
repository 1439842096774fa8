import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TFilter } from './filters';
import { type TListControllerOptions, useListController } from './use-list-controller';

const FILTERS: TFilter[] = [
  { kind: 'select', key: 'status', label: 'Status', anyLabel: 'Any', options: [{ value: 'DONE', label: 'Done' }] },
];

function renderController(options: TListControllerOptions, route = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListController(options), location: useLocation() }), { wrapper });
}

describe('useListController', () => {
  it('pages a keyset list by the cursors seen: forward with the next cursor, back to a page seen, and again from the start when the list changes', () => {
    const { result } = renderController({ paging: 'cursor', filters: FILTERS });
    expect(result.current.list).toMatchObject({ pageIndex: 0, cursorParams: { limit: 25, cursor: null } });
    act(() => result.current.list.goTo(1, 'c1'));
    act(() => result.current.list.goTo(2, 'c2'));
    expect(result.current.list).toMatchObject({ pageIndex: 2, cursorParams: { cursor: 'c2' } });
    // The page is in the address: a link opens it.
    expect(result.current.location.search).toBe('?page=3&cursor=c2');
    // No next cursor: no next page.
    act(() => result.current.list.goTo(3, null));
    expect(result.current.list.pageIndex).toBe(2);
    act(() => result.current.list.goTo(1));
    expect(result.current.list).toMatchObject({ pageIndex: 1, cursorParams: { cursor: 'c1' } });
    act(() => result.current.list.update({ status: 'DONE' }));
    expect(result.current.list).toMatchObject({ pageIndex: 0, cursorParams: { cursor: null }, filter: { status: 'DONE' } });
    expect(result.current.location.search).toBe('?status=DONE');
  });

  it('opens a later keyset page from a link, and goes back from it to the first page', () => {
    const { result } = renderController({ paging: 'cursor' }, '/list?page=4&cursor=c3');
    expect(result.current.list).toMatchObject({ pageIndex: 3, cursorParams: { cursor: 'c3' } });
    act(() => result.current.list.goTo(2));
    expect(result.current.list).toMatchObject({ pageIndex: 0, cursorParams: { cursor: null } });
    // A page number without its cursor is the first page.
    const { result: bare } = renderController({ paging: 'cursor' }, '/list?page=4');
    expect(bare.current.list).toMatchObject({ pageIndex: 0, cursorParams: { cursor: null } });
  });

  it('gives a numbered list its page as the API counts it', () => {
    const { result } = renderController({ paging: 'pages', defaultSort: 'name', sortable: ['name'] }, '/list?page=2&limit=50');
    expect(result.current.list.pageParams).toEqual({ page: 2, limit: 50, sort: 'name', _id: undefined });
    act(() => result.current.list.goTo(4));
    expect(result.current.location.search).toBe('?page=5&limit=50');
    act(() => result.current.list.update({ sort: '-name' }));
    expect(result.current.list.pageParams).toEqual({ page: 1, limit: 50, sort: '-name', _id: undefined });
  });

  it('keeps the state of a list inside another screen in memory, not in the address', () => {
    const { result } = renderController({ paging: 'cursor', filters: FILTERS, syncWithLocation: false }, '/job/1?status=DONE');
    expect(result.current.list.filter.status).toBeUndefined();
    act(() => result.current.list.update({ status: 'DONE' }));
    act(() => result.current.list.goTo(1, 'c1'));
    expect(result.current.list).toMatchObject({ pageIndex: 1, filter: { status: 'DONE' }, cursorParams: { cursor: 'c1' } });
    expect(result.current.location.search).toBe('?status=DONE');
  });
});
