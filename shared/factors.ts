import { z } from 'zod';

/** The side a factor favours: P (plaintiff, the trade-secret owner) or D (defendant). */
export const sideSchema = z.enum(['P', 'D']);
export type Side = z.infer<typeof sideSchema>;

/**
 * The 26 CATO trade-secret factors (Aleven & Ashley). F9 was dropped from CATO's final list, so the
 * codes run F1…F27 without F9. Names follow the study's spelling; `meaning` is our own one-sentence
 * gloss for annotators.
 */
export const FACTORS = [
  {
    id: 'F1',
    name: 'Disclosure-in-negotiations',
    side: 'D',
    meaning: 'The plaintiff disclosed the information to the defendant during negotiations for a deal.',
  },
  {
    id: 'F2',
    name: 'Bribe-employee',
    side: 'P',
    meaning:
      "The defendant paid or offered the plaintiff's employee something to switch sides and bring the information.",
  },
  {
    id: 'F3',
    name: 'Employee-sole-developer',
    side: 'D',
    meaning: 'The employee who took the information was its sole developer.',
  },
  {
    id: 'F4',
    name: 'Agreed-not-to-disclose',
    side: 'P',
    meaning: 'The defendant signed or entered an agreement not to disclose the information.',
  },
  {
    id: 'F5',
    name: 'Agreement-not-specific',
    side: 'D',
    meaning: 'The nondisclosure agreement did not say which information was confidential.',
  },
  {
    id: 'F6',
    name: 'Security-measures',
    side: 'P',
    meaning: 'The plaintiff took active measures to keep the information secret.',
  },
  {
    id: 'F7',
    name: 'Brought-tools',
    side: 'P',
    meaning: "A former employee brought the plaintiff's documents, drawings or tools to the defendant.",
  },
  {
    id: 'F8',
    name: 'Competitive-advantage',
    side: 'P',
    meaning: "Using the plaintiff's information saved the defendant time or money or gave it an edge.",
  },
  {
    id: 'F10',
    name: 'Secrets-disclosed-outsiders',
    side: 'D',
    meaning: 'The plaintiff disclosed the information to outsiders such as customers or suppliers.',
  },
  {
    id: 'F11',
    name: 'Vertical-knowledge',
    side: 'D',
    meaning: 'The information concerns customers or suppliers and is part of general industry knowledge.',
  },
  {
    id: 'F12',
    name: 'Outsider-disclosures-restricted',
    side: 'P',
    meaning: "The plaintiff's disclosures to outsiders were bound by confidentiality restrictions.",
  },
  {
    id: 'F13',
    name: 'Noncompetition-agreement',
    side: 'P',
    meaning: 'The employee signed an agreement not to compete with the plaintiff.',
  },
  {
    id: 'F14',
    name: 'Restricted-materials-used',
    side: 'P',
    meaning: 'The defendant used materials it was subject to confidentiality restrictions on.',
  },
  {
    id: 'F15',
    name: 'Unique-product',
    side: 'P',
    meaning: "The plaintiff's product was unique in the market.",
  },
  {
    id: 'F16',
    name: 'Info-reverse-engineerable',
    side: 'D',
    meaning: 'The information could be learned by reverse engineering the product.',
  },
  {
    id: 'F17',
    name: 'Info-independently-generated',
    side: 'D',
    meaning: 'The defendant developed the information independently, by its own research.',
  },
  {
    id: 'F18',
    name: 'Identical-products',
    side: 'P',
    meaning: "The defendant's product is identical to the plaintiff's.",
  },
  {
    id: 'F19',
    name: 'No-security-measures',
    side: 'D',
    meaning: 'The plaintiff took no measures to protect the information.',
  },
  {
    id: 'F20',
    name: 'Info-known-to-competitors',
    side: 'D',
    meaning: 'The information was already known to competitors in the industry.',
  },
  {
    id: 'F21',
    name: 'Knew-info-confidential',
    side: 'P',
    meaning: 'The defendant knew the information was confidential.',
  },
  {
    id: 'F22',
    name: 'Invasive-techniques',
    side: 'P',
    meaning: 'The defendant used invasive techniques, such as espionage, to get the information.',
  },
  {
    id: 'F23',
    name: 'Waiver-of-confidentiality',
    side: 'D',
    meaning: 'The plaintiff waived confidentiality, in an agreement or by conduct.',
  },
  {
    id: 'F24',
    name: 'Info-obtainable-elsewhere',
    side: 'D',
    meaning: 'The information could be obtained from publicly available sources.',
  },
  {
    id: 'F25',
    name: 'Info-reverse-engineered',
    side: 'D',
    meaning: "The defendant actually reverse engineered the plaintiff's product.",
  },
  {
    id: 'F26',
    name: 'Deception',
    side: 'P',
    meaning: 'The defendant obtained the information by deceiving the plaintiff.',
  },
  {
    id: 'F27',
    name: 'Disclosure-in-public-forum',
    side: 'D',
    meaning:
      'The plaintiff disclosed the information in a public forum, such as a publication or trade show.',
  },
] as const satisfies readonly { id: string; name: string; side: Side; meaning: string }[];

export type Factor = (typeof FACTORS)[number];
export type FactorId = Factor['id'];

export const FACTOR_IDS = FACTORS.map((factor) => factor.id) as [FactorId, ...FactorId[]];
export const factorIdSchema = z.enum(FACTOR_IDS, {
  error: (issue) => `"${String(issue.input)}" is not a CATO factor id (F1…F27, no F9)`,
});

const FACTOR_BY_ID: ReadonlyMap<string, Factor> = new Map(FACTORS.map((factor) => [factor.id, factor]));

export function isFactorId(value: string): value is FactorId {
  return FACTOR_BY_ID.has(value);
}

export function factorById(id: FactorId): Factor {
  const factor = FACTOR_BY_ID.get(id);
  if (!factor) throw new Error(`unknown factor id ${id}`);
  return factor;
}

/** Catalogue order (F1, F2, … F27), the order every exported list uses. */
export function compareFactorIds(a: FactorId, b: FactorId): number {
  return Number(a.slice(1)) - Number(b.slice(1));
}

/** A deduplicated, catalogue-ordered copy of a factor list. */
export function sortFactorIds(ids: Iterable<FactorId>): FactorId[] {
  return [...new Set(ids)].sort(compareFactorIds);
}

/** The label the study prints: "F4 Agreed-not-to-disclose (P)". */
export function factorLabel(id: FactorId): string {
  const factor = factorById(id);
  return `${factor.id} ${factor.name} (${factor.side})`;
}
