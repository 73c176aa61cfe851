/**
 * NUBAN check digit (CBN's Nigeria Uniform Bank Account Number standard): the tenth digit of an
 * account number follows from the bank's 3-digit code and the 9-digit serial. Used for the demo
 * store's made-up accounts, so each looks like a real one of its bank (a bank's lookup would still
 * not find it).
 */

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The check digit of `serial` (9 digits) at the bank with 3-digit `bankCode` (e.g. "058"). */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$/.test(bankCode) || !/^\d{9}$/.test(serial)) throw new Error("NUBAN: a 3-digit bank code and a 9-digit serial");
  const digits = `${bankCode}${serial}`;
  const sum = WEIGHTS.reduce((total, w, i) => total + w * Number(digits[i]), 0);
  return (10 - (sum % 10)) % 10;
}

/** The 10-digit account number of `serial` at `bankCode` (serial + check digit). */
export function nuban(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

/** Is `accountNo` a 10-digit number whose last digit is its check digit at `bankCode`? */
export function isValidNuban(bankCode: string, accountNo: string): boolean {
  return (
    /^\d{3}$/.test(bankCode) && /^\d{10}$/.test(accountNo) && nubanCheckDigit(bankCode, accountNo.slice(0, 9)) === Number(accountNo[9])
  );
}
