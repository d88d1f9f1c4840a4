/**
 * SPEC §4 "Loading and error flags": a loading flag per action name through request, success and
 * failure; on failure the payload's message field is kept as the error text.
 */
export interface LoadingState {
  loading: Record<string, boolean>;
  errors: Record<string, string | null>;
  /** The latest failure's message, for a page-level alert. */
  error: string | null;
}

export type LoadingAction =
  | { type: 'request'; name: string }
  | { type: 'success'; name: string }
  | { type: 'failure'; name: string; payload?: { message?: unknown } };

export const LOADING_STATE: LoadingState = { loading: {}, errors: {}, error: null };

export function reduceLoading(state: LoadingState, action: LoadingAction): LoadingState {
  switch (action.type) {
    case 'request':
      return { ...state, loading: { ...state.loading, [action.name]: true }, errors: { ...state.errors, [action.name]: null } };
    case 'success':
      return { ...state, loading: { ...state.loading, [action.name]: false }, errors: { ...state.errors, [action.name]: null } };
    case 'failure': {
      const message = typeof action.payload?.message === 'string' ? action.payload.message : null;
      return { loading: { ...state.loading, [action.name]: false }, errors: { ...state.errors, [action.name]: message }, error: message };
    }
  }
}

export const isLoading = (s: LoadingState, name: string) => s.loading[name] === true;
