/**
 * The report's block model lives in shared/report-document/ (one builder per section), so that the
 * report screen renders the same blocks as the Markdown and HTML files; the server's renderers and
 * tests import it from here.
 */
export { type Block, type Cell, cellText, formatFigure } from '../../../shared/report-document/blocks.ts';
export { reportDocument } from '../../../shared/report-document/report-document.ts';
