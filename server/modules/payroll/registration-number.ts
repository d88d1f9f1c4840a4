/**
 * The qualified invoice issuer's registration number (適格請求書発行事業者登録番号, 消費税法第57条の2):
 * "T" and 13 digits; for a corporation the 13 digits are its 法人番号. The first of the 13 is a
 * check digit over the other 12 (法人番号の指定等に関する省令 第2条, as the National Tax Agency
 * publishes it): with P(n) the n-th of the 12 digits counted from the right and Q(n) = 1 for odd n,
 * 2 for even n, the check digit is 9 − (Σ P(n) × Q(n) mod 9).
 *
 * Worked: the National Tax Agency's own 法人番号 7000012050002: the 12 digits 000012050002 from the
 * right are 2,0,0,0,5,0,2,1,0,0,0,0; × 1,2,1,2,… = 2+0+0+0+5+0+2+2+0+0+0+0 = 11; 11 mod 9 = 2;
 * 9 − 2 = 7, its first digit.
 */
export function registrationCheckDigit(twelve: string): number {
  if (!/^\d{12}$/.test(twelve)) throw new Error('registrationCheckDigit: 12 digits');
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(twelve[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/** Whether `value` is "T" and 13 digits whose first is the check digit of the other 12. */
export function isRegistrationNumber(value: string): boolean {
  const m = /^T(\d)(\d{12})$/.exec(value);
  return m !== null && Number(m[1]) === registrationCheckDigit(m[2]!);
}
