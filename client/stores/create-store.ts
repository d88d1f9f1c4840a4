import { signal, type Signal } from '@preact/signals-react';
import { persistState } from './persist.ts';

export interface Store<S, A> {
  state: Signal<S>;
  dispatch(action: A): void;
}

/**
 * A signal holding a pure reducer's state (STYLE.md 8). Every change is written to local
 * storage as JSON (SPEC §4); nothing reads it back at start-up.
 */
export function createStore<S, A>(name: string, reduce: (state: S, action: A) => S, initial: S): Store<S, A> {
  const state = signal(initial);
  return {
    state,
    dispatch(action) {
      const next = reduce(state.value, action);
      if (next !== state.value) {
        state.value = next;
        persistState(name, next);
      }
    },
  };
}
