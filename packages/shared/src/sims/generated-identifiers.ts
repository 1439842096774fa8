import { luhnCheckDigit, type TOperator } from './identifiers';

/**
 * Made-up SIM identities in real formats (demo data, the server's tests, the browser tests, the benchmark): serial
 * number n gives
 *   ICCID  8991 <issuer:2> <n:12> <Luhn>        (19 digits)
 *   IMSI   <MCC 404/405 + MNC> <n:10>          (15 digits)
 *   MSISDN +91 5 <n:12>                         (a 13-digit M2M number)
 * so every serial is unique across operators, and every identity passes the checks in ./identifiers.
 */

const ISSUER: Record<TOperator, string> = { AIRTEL: '10', BSNL: '40', VI: '20' };
const MCC_MNC: Record<TOperator, string> = { AIRTEL: '40410', BSNL: '40453', VI: '40420' };

/** The first six digits of every ICCID generated for an operator. */
export function generatedIccidPrefix(operator: TOperator): string {
  return `8991${ISSUER[operator]}`;
}

export function generatedIccid(n: number, operator: TOperator): string {
  const body = `${generatedIccidPrefix(operator)}${String(n).padStart(12, '0')}`;
  return body + luhnCheckDigit(body);
}

export function simIdentity(n: number, operator: TOperator) {
  return {
    iccid: generatedIccid(n, operator),
    imsi: `${MCC_MNC[operator]}${String(n).padStart(10, '0')}`,
    msisdn: `+915${String(n).padStart(12, '0')}`,
    operator,
  };
}

/** A valid IMEI (TAC 35 + serial) for locked SIMs. */
export function generatedImei(n: number): string {
  const body = `35${String(n % 1e12).padStart(12, '0')}`;
  return body + luhnCheckDigit(body);
}
