import { DOCS, operation } from '../../../api/documents.ts';
import { isLang, pickLang } from '../../../../shared/i18n.ts';
import { yen } from '../../../../shared/format.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { MyPayPage } from '../../../../views/pages/public/MyPay.tsx';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { payslipPdf } from '../../../web/pdf.ts';
import { defineScreen, ownCandidate, errorPage, file, redirect, withRefusal, type Screen } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  MyPay: operation(/* GraphQL */ `
    query MyPay {
      myPay {
        companies { companyId companyJa companyEn quickPayEnabled earnedUnpaid available minAmount feePercent minFee }
        lines { id workDate companyJa companyEn jobJa jobEn workedMinutes total withholding taxColumn transferFee advanceDeducted net status }
        runs { id companyJa companyEn periodStart periodEnd payDate gross net status }
        advances { id requestedOn amount fee net status }
        bankAccount { bankCode bankName branchCode branchName accountType accountNumber holderKana }
      }
    }
  `),
  RequestQuickPay: operation(/* GraphQL */ `mutation RequestQuickPay($companyId: ID!, $amount: Int!) { requestQuickPay(companyId: $companyId, amount: $amount) { id fee net } }`),
  SaveBankAccount: operation(/* GraphQL */ `mutation SaveBankAccount($input: BankAccountInput!) { saveBankAccount(input: $input) { bankCode } }`),
};

/** The worker's pay: quick pay, payslips (PDF), daily pay, the bank account. */
const myPay = defineScreen({
  path: '/staff/pay',
  load: async (ctx) => {
    const { req, call, candidateCaller } = ctx;
    const candidate = ownCandidate(ctx);
    const slip = queryText(req, 'payslip');
    if (isUuid(slip)) {
      const { myPayslip } = await call(DOCS.MyPayslip, { id: slip }, candidateCaller);
      if (!myPayslip) throw errorPage('recordNotFound');
      throw file(`payslip-${myPayslip.periodEnd}.pdf`, 'application/pdf', await payslipPdf(myPayslip, isLang(myPayslip.lang) ? myPayslip.lang : 'ja'));
    }
    return { name: candidate.name, pay: (await call(OWN.MyPay, {}, candidateCaller)).myPay };
  },
  view: ({ lang, req, msg }, { name, pay }, state, act) => {
    const values = Object.fromEntries(Object.entries(state?.values ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    const net = queryText(req, 'net');
    return {
      content: (
        <MyPayPage
          act={act}
          lang={lang}
          name={name}
          notice={queryText(req, 'saved') ? msg('money.bankSaved') : net ? msg('money.requested', { fee: yen(Number(queryText(req, 'fee')) || 0), net: yen(Number(net) || 0) }) : null}
          errors={state?.errors ?? {}}
          values={values}
          companies={pay.companies.map((c) => ({
            companyId: c.companyId,
            company: pickLang(lang, c.companyJa, c.companyEn),
            enabled: c.quickPayEnabled,
            available: c.available,
            earned: c.earnedUnpaid,
            minAmount: c.minAmount,
            feePercent: c.feePercent,
            minFee: c.minFee,
          }))}
          bank={pay.bankAccount ? { ...pay.bankAccount, accountType: String(pay.bankAccount.accountType) } : null}
          runs={pay.runs.map((r) => ({ ...r, company: pickLang(lang, r.companyJa, r.companyEn), pdf: 'PDF' }))}
          lines={pay.lines.map((l) => ({ ...l, job: pickLang(lang, l.jobJa, l.jobEn) }))}
          advances={pay.advances}
        />
      ),
    };
  },
  actions: {
    // A refusal about the amount is said beside it; any other also above the form.
    quickpay: withRefusal({ errors: (r) => ({ ...(r.formErrors.amount ? {} : { _: r.message }), ...r.formErrors }) }, async ({ call, candidateCaller }, body) => {
      const v = formStrings(body, ['companyId', 'amount']);
      const { requestQuickPay: r } = await call(OWN.RequestQuickPay, { companyId: v.companyId ?? '', amount: Number(v.amount) || 0 }, candidateCaller);
      return redirect(`/staff/pay?fee=${r.fee}&net=${r.net}`);
    }),
    bank: async ({ call, candidateCaller }, body) => {
      const v = formStrings(body, ['bankCode', 'bankName', 'branchCode', 'branchName', 'accountType', 'accountNumber', 'holderKana']);
      await call(
        OWN.SaveBankAccount,
        {
          input: {
            bankCode: v.bankCode ?? '',
            bankName: v.bankName ?? '',
            branchCode: v.branchCode ?? '',
            branchName: v.branchName ?? '',
            accountType: Number(v.accountType) || 0,
            accountNumber: v.accountNumber ?? '',
            holderKana: v.holderKana ?? '',
          },
        },
        candidateCaller,
      );
      return redirect(withFlag('/staff/pay', 'saved'));
    },
  },
});

export const screens: readonly Screen[] = [myPay];
