import type { SymbolName } from './chart-data.ts';

/**
 * Colours of the charts: the Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008), told
 * apart by people with every common colour-vision deficiency. Yellow and sky blue are left out of
 * the marks (under 3:1 against white, WCAG 1.4.11); where colours repeat, symbols and labels still
 * tell the series apart.
 */
export const OKABE_ITO = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  purple: '#CC79A7',
  black: '#000000',
  orange: '#E69F00',
} as const;

/** Series colours in order of use: each ≥ 3:1 against white but orange (2.1:1, last, always with a symbol). */
export const SERIES_COLOURS: readonly string[] = [
  OKABE_ITO.blue,
  OKABE_ITO.vermillion,
  OKABE_ITO.green,
  OKABE_ITO.black,
  OKABE_ITO.purple,
  OKABE_ITO.orange,
];

/** Symbols of extractors after the first: square, then these. */
export const EXTRACTOR_SYMBOLS: readonly SymbolName[] = ['square', 'wye', 'star', 'cross'];

/** The colour of the i-th of many lines (models in the rank chart), cycling. */
export function lineColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length] ?? OKABE_ITO.black;
}

/** Grey of the threshold line, the grid and the n/a cells. */
export const GREY = { threshold: '#444444', na: '#ececec', tie: '#dcdcdc' } as const;

/**
 * The heat map's colour: one hue (orange), by lightness alone, so it reads in grey and to every
 * colour-vision deficiency. Weak is dark, so the factors that need attention stand out; the scale runs
 * from HEAT_FLOOR (darkest; everything below it too — the cell prints its value) to 1 (near white),
 * interpolated in HCL. The darkest orange still gives the page's text 4.6:1, so every cell's number
 * is dark on its colour (WCAG AA).
 */
export const HEAT_FLOOR = 0.5;
export const HEAT_KEY = { top: '#fff5eb', middle: '#f6ae76', bottom: '#e8590c' } as const;
