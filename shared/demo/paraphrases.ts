import type { FactorId } from '../factors.ts';

/**
 * How the demo's simulated models describe each factor in prose, without its code or name. Written
 * for the demo independently of the rules extractor's lexicon (data/lexicon.json), so that the demo
 * also shows what a lexicon misses. Each phrase completes "In the input case, …".
 */
export const DEMO_PARAPHRASES: Readonly<Record<FactorId, readonly string[]>> = {
  F1: [
    'the plaintiff revealed the information while negotiating a deal with the defendant',
    'the secret was shared during licensing talks',
  ],
  F2: [
    "the defendant paid the plaintiff's employee to bring the information over",
    'an employee was bribed to switch sides',
  ],
  F3: [
    'the departing employee had developed the information alone',
    'the employee was the sole inventor of the process',
  ],
  F4: [
    'the defendant signed a confidentiality agreement',
    'the defendant had promised in writing not to disclose the information',
  ],
  F5: [
    'the nondisclosure agreement never said what was confidential',
    'the confidentiality agreement was too vague to identify the secret',
  ],
  F6: [
    'the plaintiff kept the formula under lock and key',
    'access to the plans was restricted to a few employees',
  ],
  F7: [
    "the former employee took the plaintiff's drawings with him",
    'the employee brought the plaintiff’s blueprints to the new employer',
  ],
  F8: [
    'using the information saved the defendant years of development',
    "the defendant gained a head start from the plaintiff's data",
  ],
  F10: [
    'the plaintiff had disclosed the information to its customers',
    'the details were shared with outside suppliers',
  ],
  F11: [
    'the information was common knowledge about customers in the trade',
    'the supplier lists were general industry knowledge',
  ],
  F12: [
    'the outsiders who saw the information were bound to keep it confidential',
    'every disclosure to suppliers was made under a confidentiality restriction',
  ],
  F13: [
    'the employee had agreed not to compete with the plaintiff',
    'a non-compete covenant bound the employee',
  ],
  F14: [
    'the defendant used materials it had received under a confidentiality restriction',
    'the defendant relied on restricted documents',
  ],
  F15: [
    "the plaintiff's product was the only one of its kind on the market",
    'no competitor sold anything like the product',
  ],
  F16: [
    'the product could be reverse engineered by anyone who bought it',
    'the design could be learned by taking the product apart',
  ],
  F17: [
    'the defendant developed the technique through its own research',
    'the defendant arrived at the design independently',
  ],
  F18: ["the defendant's product was a copy of the plaintiff's", 'the two products were identical'],
  F19: ['the plaintiff took no steps to protect the information', 'the plans were left unguarded'],
  F20: ['competitors already knew the information', 'the technique was well known in the industry'],
  F21: [
    'the defendant knew the information was confidential',
    'the defendant was aware that the data was secret',
  ],
  F22: [
    'the defendant resorted to espionage',
    "the defendant broke into the plaintiff's plant to obtain the design",
  ],
  F23: [
    'the plaintiff waived its claim to confidentiality',
    'the plaintiff gave up confidentiality by contract',
  ],
  F24: ['the information could be found in public sources', 'the data was available in trade publications'],
  F25: [
    "the defendant actually reverse engineered the plaintiff's product",
    'the defendant took the product apart to learn the design',
  ],
  F26: [
    'the defendant obtained the information by deceiving the plaintiff',
    'the defendant lied to the plaintiff to get the plans',
  ],
  F27: [
    'the plaintiff published the information at a trade show',
    'the plaintiff presented the design at a public conference',
  ],
};

/** Factors the inventive model makes up: plausible labels that are not among the 26. */
export const INVENTED_FACTORS: readonly string[] = [
  'F30 Market-dominance (P)',
  'F28 Employee-loyalty (P)',
  'F9 Customer-lists (D)',
  'F31 Prior-litigation (D)',
];
