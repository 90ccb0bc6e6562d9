import type { LegendItem } from './chart-data.ts';

/**
 * The character that draws a key entry's mark in text (HTML and the screen): the symbol's shape, so
 * the key matches the chart without colour; a line; or nothing for a swatch, which is drawn as a
 * bordered box.
 */
export function legendGlyph(item: LegendItem): string {
  switch (item.mark) {
    case 'circle':
      return '●';
    case 'square':
      return '■';
    case 'triangle':
      return '▲';
    case 'diamond':
      return '◆';
    case 'wye':
      return 'Y';
    case 'star':
      return '★';
    case 'cross':
      return '✚';
    case 'line':
      return item.dashed ? '╌╌' : '──';
    case 'swatch':
      return '';
  }
}
