/**
 * The candidate's sign-in (/staff/login) and registration (/staff/register). A candidate's session
 * lives in its own cookie, `candidate_token` (DESIGN.md §5), apart from the back office's.
 */
import { DOCS, operation } from '../../../api/documents.ts';
import { msg } from '../../../../shared/messages.ts';
import { CandidateLoginPage, CandidateRegisterPage } from '../../../../views/pages/public/Candidate.tsx';
import { DEVICE_COOKIE, deviceCookie, knownDevice, sessionCookie } from '../../../web/cookies.ts';
import { formList, formStrings, withFlag } from '../../../web/kit.ts';
import { candidateNext, CANDIDATE_COOKIE, defineScreen, failed, redirect, withRefusal, type Screen } from '../../../web/screen.ts';
import { choices } from '../../jobs/screens/board-kit.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  RegisterCandidate: operation(/* GraphQL */ `mutation RegisterCandidate($input: CandidateRegistrationInput!) { registerCandidate(input: $input) }`),
};

const nextOf = candidateNext;

const candidateLogin = defineScreen({
  path: '/staff/login',
  load: ({ candidate, req }) => {
    if (candidate) throw redirect(nextOf(req.query.next), 302);
    return null;
  },
  view: ({ lang, req }, _d, state, act) => ({
    content: (
      <CandidateLoginPage
        act={act}
        lang={lang}
        email={typeof state?.values.email === 'string' ? state.values.email : undefined}
        error={state ? Object.values(state.errors).join(' ') : undefined}
        next={nextOf(state?.values.next ?? req.query.next)}
        notice={
          state
            ? undefined
            : req.query.registered === '1'
              ? msg(lang, 'notice.registered')
              : req.query.reset === '1'
                ? msg(lang, 'notice.passwordChanged')
                : req.query.ended === '1'
                  ? msg(lang, 'session.ended')
                  : undefined
        }
      />
    ),
  }),
  bare: 'login',
  actions: {
    login: withRefusal({ values: (body) => loginKept(formStrings(body, ['email', 'next'])) }, async ({ call, caller, req, res, lang }, body) => {
      const v = formStrings(body, ['email', 'password', 'next']);
      const r = await call(DOCS.Login, { email: v.email ?? '', password: v.password ?? '', device: knownDevice(req) }, { ...caller, token: undefined });
      // A back-office account is not a candidate account: the same answer as a wrong password.
      if (r.login.user.role !== 'candidate') return failed(loginKept(v), { _: msg(lang, 'error.badLogin') }, 401);
      res.cookie(CANDIDATE_COOKIE, r.login.token, sessionCookie(req));
      res.cookie(DEVICE_COOKIE, r.login.device, deviceCookie(req));
      return redirect(nextOf(v.next));
    }),
  },
});

/** What a failed sign-in shows again: the address and where they were going, never the password. */
const loginKept = (v: Record<string, string>) => ({ email: v.email ?? '', next: v.next ?? '' });

/** A friend's referral code from a link or the form (docs/points.md), or nothing when it is not one. */
const referralOf = (v: unknown): string | undefined => (typeof v === 'string' && /^[A-Z0-9]{6,12}$/.test(v) ? v : undefined);

const REGISTER_KEPT = ['name', 'email', 'phone', 'nationality', 'visa_type_id', 'visa_expiry', 'birth_date', 'name_kana', 'sex', 'address', 'next', 'ref'];

const candidateRegister = defineScreen({
  path: '/staff/register',
  load: (ctx) => choices(ctx),
  view: ({ lang, req }, c, state, act) => ({
    content: (
      <CandidateRegisterPage
        act={act}
        lang={lang}
        values={(state?.values ?? {}) as Record<string, string | string[]>}
        errors={state?.errors ?? {}}
        next={nextOf(state?.values.next ?? req.query.next)}
        referral={referralOf(state?.values.ref ?? req.query.ref)}
        visaTypes={c.visaTypes}
        languages={c.languages}
      />
    ),
  }),
  actions: {
    // Everything typed comes back except the password; a refusal of what was typed is a 422.
    register: withRefusal(
      { values: (body) => ({ ...formStrings(body, REGISTER_KEPT), languages: formList(body, 'languages') }), status: (r) => (r.status === 500 ? 500 : 422) },
      async ({ call, caller, req, res }, body) => {
        const s = formStrings(body, ['name', 'email', 'password', 'phone', 'nationality', 'visa_type_id', 'visa_expiry', 'birth_date', 'name_kana', 'sex', 'address', 'next', 'ref']);
        const languages = formList(body, 'languages');
        const visa = s.visa_type_id ?? '';
        const input = {
          name: s.name ?? '',
          email: s.email ?? '',
          password: s.password ?? '',
          phone: s.phone || null,
          nationality: s.nationality ?? '',
          visa_type_id: /^\d+$/.test(visa) ? Number(visa) : null,
          visa_expiry: s.visa_expiry ?? '',
          languages,
          birth_date: s.birth_date || null,
          name_kana: s.name_kana || null,
          sex: s.sex || null,
          address: s.address || null,
          referral: referralOf(s.ref) ?? null,
        };
        await call(OWN.RegisterCandidate, { input });
        // Registered: signed in at once and back to where they were going (the job they meant to apply to).
        try {
          const r = await call(DOCS.Login, { email: input.email, password: input.password, device: knownDevice(req) }, { ...caller, token: undefined });
          res.cookie(CANDIDATE_COOKIE, r.login.token, sessionCookie(req));
          res.cookie(DEVICE_COOKIE, r.login.device, deviceCookie(req));
          // `registered`: the page they land on says so (their applications, or the job they meant to apply to).
          return redirect(withFlag(nextOf(s.next), 'registered'));
        } catch {
          return redirect(`/staff/login?registered=1&next=${encodeURIComponent(nextOf(s.next))}`);
        }
      },
    ),
  },
});

export const screens: readonly Screen[] = [candidateLogin, candidateRegister];
