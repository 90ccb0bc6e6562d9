import { factorById, isFactorId } from '../../../shared/factors.ts';

/** A factor as the adjudication screen names it: "F4 Agreed-not-to-disclose", or an unlisted one's words quoted. */
export function factorName(factor: string): string {
  return isFactorId(factor) ? `${factor} ${factorById(factor).name}` : `“${factor}”`;
}
