import { describe, expect, it } from 'vitest';
import { ApiFailure } from './kit.ts';
import { errorPage, recordGone, redirect, runAction, withRefusal, type Action, type FormState, type Outcome, type ScreenContext } from './screen.ts';

/** Just what runAction reads of a request: the response's headers. */
function fakeCtx() {
  const headers: Record<string, string> = {};
  const ctx = { res: { set: (k: string, v: string) => void (headers[k] = v) } } as unknown as ScreenContext;
  return { ctx, headers };
}

/** Posts `body` to one action named `go` and says what was drawn (or the outcome). */
async function post(action: Action, body: Record<string, unknown>) {
  const { ctx, headers } = fakeCtx();
  let drawn: FormState | undefined;
  const outcome = await runAction({ go: action }, ctx, { _action: 'go', ...body }, (state) => {
    drawn = state;
    return Promise.resolve(errorPage('badRequest'));
  });
  return { drawn, outcome, headers };
}

const refuse = (failure: ApiFailure) => (): Outcome => {
  throw failure;
};

describe('runAction: an API refusal of a form post', () => {
  it('draws the form again with what was posted (never a password), the errors beside their fields and the status', async () => {
    const { drawn } = await post(refuse(new ApiFailure('BAD_USER_INPUT', 'Check the form', { email: 'Enter an address' })), { email: 'x', password: 'secret', tags: ['a'] });
    expect(drawn).toEqual({ values: { _action: 'go', email: 'x' }, errors: { email: 'Enter an address' }, status: 422 });
  });

  it('shows the message as the form’s own error when no field is named, at the refusal’s status', async () => {
    const { drawn } = await post(refuse(new ApiFailure('CONFLICT', 'Already taken', {})), {});
    expect(drawn?.errors).toEqual({ _: 'Already taken' });
    expect(drawn?.status).toBe(409);
  });

  it('says when to try again after a rate limit', async () => {
    const { drawn, headers } = await post(refuse(new ApiFailure('TOO_MANY_REQUESTS', 'Slow down', {}, 30)), {});
    expect(drawn?.status).toBe(429);
    expect(headers['Retry-After']).toBe('30');
  });

  it('follows what the action declares instead: values, errors, status, or another answer', async () => {
    const declared = withRefusal({ values: () => ({}), errors: 'message', status: () => 400 }, refuse(new ApiFailure('BAD_USER_INPUT', 'No', { a: 'b' })));
    expect((await post(declared, { a: '1' })).drawn).toEqual({ values: {}, errors: { _: 'No' }, status: 400 });
    const gone = withRefusal({ answer: recordGone }, refuse(new ApiFailure('NOT_FOUND', 'Gone', {})));
    const r = await post(gone, {});
    expect(r.drawn).toBeUndefined();
    expect(r.outcome).toMatchObject({ kind: 'error', error: 'recordNotFound' });
  });

  it('lets anything that is not an API refusal through, and an outcome the action returns is sent as it is', async () => {
    await expect(post(() => Promise.reject(new Error('bug')), {})).rejects.toThrow('bug');
    expect((await post(() => redirect('/done'), {})).outcome).toMatchObject({ kind: 'redirect', to: '/done' });
  });
});
