import { describe, expect, it, vi } from 'vitest';
import { createGuardedMemoryHistory } from './navigation-guard';

function setup() {
  const history = createGuardedMemoryHistory('/list');
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  return { history, seen };
}

describe('the guarded history', () => {
  it('moves freely without a guard, and when the guard lets the move happen', () => {
    const { history, seen } = setup();
    history.push('/form');
    const check = vi.fn(() => false);
    history.guard(check);
    history.push('/elsewhere');
    history.go(-1);
    expect(seen).toEqual(['PUSH /form', 'PUSH /elsewhere', 'POP /form']);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('holds a push until the guard goes on with it; then the guard is gone', () => {
    const { history, seen } = setup();
    let go: () => void = () => {};
    history.guard((next) => {
      go = next;
      return true;
    });
    history.push('/elsewhere');
    expect(history.location.pathname).toBe('/list');
    expect(seen).toEqual([]);
    go();
    expect(seen).toEqual(['PUSH /elsewhere']);
    history.push('/more');
    expect(history.location.pathname).toBe('/more');
  });

  it('undoes a held Back without telling the router, and makes it again when allowed', () => {
    const { history, seen } = setup();
    history.push('/form');
    let go: () => void = () => {};
    const stop = history.guard((next) => {
      go = next;
      return true;
    });
    history.go(-1);
    expect(history.location.pathname).toBe('/form');
    expect(seen).toEqual(['PUSH /form']);
    go();
    expect(history.location.pathname).toBe('/list');
    expect(seen).toEqual(['PUSH /form', 'POP /list']);
    stop();
  });

  it('removes only its own guard', () => {
    const { history } = setup();
    const first = history.guard(() => true);
    history.guard(() => false);
    first();
    history.push('/elsewhere');
    expect(history.location.pathname).toBe('/elsewhere');
  });
});
