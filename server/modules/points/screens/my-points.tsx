import { operation } from '../../../api/documents.ts';
import { pickLang } from '../../../../shared/i18n.ts';
import { MyPointsPage } from '../../../../views/pages/public/MyPoints.tsx';
import { defineScreen, ownCandidate, type Screen } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  MyPoints: operation(/* GraphQL */ `
    query MyPoints {
      myPoints {
        balances { companyId companyJa companyEn balance }
        entries { id createdAt companyJa companyEn kind points reasonJa reasonEn expiresOn }
        referralCode
      }
    }`),
};

/** The candidate's points (docs/points.md): balances per wallet, history, the invite link. */
const myPoints = defineScreen({
  path: '/staff/points',
  load: async (ctx) => {
    const { call, candidateCaller } = ctx;
    const candidate = ownCandidate(ctx);
    return { name: candidate.name, points: (await call(OWN.MyPoints, {}, candidateCaller)).myPoints };
  },
  view: ({ lang, msg, siteUrl }, { name, points }) => {
    const wallet = (ja: string, en: string, platform: boolean) => (platform ? msg('points.platform') : pickLang(lang, ja, en));
    return {
      content: (
        <MyPointsPage
          lang={lang}
          name={name}
          balances={points.balances.map((b) => ({ wallet: wallet(b.companyJa, b.companyEn, b.companyId === null), balance: b.balance }))}
          entries={points.entries.map((e) => ({ ...e, wallet: wallet(e.companyJa, e.companyEn, e.companyJa === ''), reason: pickLang(lang, e.reasonJa, e.reasonEn) }))}
          inviteUrl={siteUrl(`/staff/register?ref=${encodeURIComponent(points.referralCode)}`)}
        />
      ),
    };
  },
});

export const screens: readonly Screen[] = [myPoints];
